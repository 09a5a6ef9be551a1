import type { Course } from '../schemas';

export const beginnerCourses: Course[] = [
  {
    id: 'course-0',
    title: 'Introduction to Semiconductors and the Chip Industry',
    description:
      'How a transistor works, how a chip goes from idea to packaged product, and where the jobs are in the semiconductor value chain.',
    level: 'Beginner',
    mode: 'Online',
    length: '4 weeks',
    feature: true,
    path: 'beginner',
    details: {
      tagline: 'Understand the technology and the industry before you choose your path.',
      description:
        'This course explains what semiconductors are and why doping silicon lets us build switches, then follows a chip through its whole life: specification, design, verification, physical design, wafer fabrication, assembly, test and failure analysis. You will learn the vocabulary used in every team, the difference between fabless companies, foundries, OSATs and equipment makers, and the roles that each part of the chain hires for, with a close look at the industry in Malaysia.',
      outcomes: [
        'Explain band gaps, n-type and p-type doping, the PN junction and how a MOSFET switches',
        'Describe the chip life cycle from specification and RTL to wafer, package and final test',
        'Distinguish fabless, IDM, foundry, OSAT, EDA and equipment companies and how they work together',
        'Read a datasheet and explain process node, die size, package type and yield in plain language',
        'Map the main semiconductor job roles to the skills and courses that lead to them',
      ],
      tools: [
        'PhET semiconductor and diode simulations',
        'Ngspice for a first transistor simulation',
        'KLayout for viewing a real GDSII layout',
        'Die photos and public datasheets',
        'Wafer cost and yield calculators (spreadsheet)',
        'Microsoft Excel or Google Sheets',
      ],
      curriculum: [
        {
          title: 'Semiconductor physics in plain language',
          descriptions: [
            'Energy bands, intrinsic silicon, donors and acceptors, electrons and holes as charge carriers.',
            'The PN junction in forward and reverse bias, and the MOSFET as a voltage-controlled switch in CMOS logic.',
          ],
        },
        {
          title: 'From idea to silicon: the design flow',
          descriptions: [
            'Specification, architecture, RTL design and functional verification, and why bugs found late cost so much.',
            'Synthesis, place and route, timing sign-off and tape-out to a GDSII file sent to the foundry.',
          ],
        },
        {
          title: 'Manufacturing, assembly and test',
          descriptions: [
            'Wafer fabrication steps (lithography, etch, deposition, implant, CMP) and how die yield is measured at wafer sort.',
            'Assembly into packages such as QFN and BGA, final test on automatic test equipment, and reliability qualification.',
          ],
        },
        {
          title: 'The industry and your career',
          descriptions: [
            "The global value chain, Malaysia's strength in assembly, test and packaging, and the growth of local design houses.",
            'Job roles across design, manufacturing and quality, the skills each needs, and how to plan your learning path.',
          ],
        },
      ],
      why: {
        title: 'Why start here?',
        description:
          'Every specialist track assumes you can picture the whole chip life cycle. Four weeks online gives you that map, so you can choose a track with confidence and talk to engineers in their own language.',
        statistics: [
          { value: '4 weeks', text: 'Fully online, about 5 hours a week', icon: 'person' },
          { value: '8', text: 'Specialist tracks you can continue into', icon: 'chart' },
          { value: '20', text: 'Industry job roles explained', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Secondary-school physics and mathematics',
        'Basic computer skills and a stable internet connection',
        'No prior engineering experience required',
      ],
    },
  },
  {
    id: 'course-1',
    title: 'Digital Logic Design with Verilog and FPGAs',
    description:
      'Learn Boolean logic, combinational and sequential circuits and finite state machines, then describe them in Verilog and run them on a real FPGA board.',
    level: 'Beginner',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: true,
    path: 'beginner',
    details: {
      tagline: 'Go from truth tables to working hardware in six weeks.',
      description:
        'Digital logic is the foundation of every processor and SoC. You will start with Boolean algebra and logic gates, build adders, multiplexers, registers and counters, and design finite state machines. Each concept is written in Verilog, simulated with a testbench and then programmed onto an FPGA in our lab sessions, so you see your design blink LEDs, read switches and drive a seven-segment display.',
      outcomes: [
        'Simplify logic with Boolean algebra and Karnaugh maps and implement it with gates',
        'Design adders, multiplexers, decoders, registers, counters and shift registers',
        'Model Moore and Mealy finite state machines and draw their state diagrams',
        'Write synthesisable Verilog and self-checking testbenches and debug with waveforms',
        'Synthesise, place and program a design onto an FPGA and verify it on the board',
      ],
      tools: ['Verilog HDL', 'Icarus Verilog', 'GTKWave', 'AMD Vivado', 'Digilent Basys 3 FPGA board', 'Git'],
      curriculum: [
        {
          title: 'Combinational logic',
          descriptions: [
            'Number systems, Boolean algebra, Karnaugh maps, and gate-level design of adders, comparators and multiplexers.',
            'Describing combinational logic with Verilog continuous assignments and always blocks, and avoiding unintended latches.',
          ],
        },
        {
          title: 'Sequential logic and timing',
          descriptions: [
            'Latches and flip-flops, clock edges, synchronous resets, registers, counters and shift registers.',
            'Setup and hold time, propagation delay and why the maximum clock frequency depends on the longest path.',
          ],
        },
        {
          title: 'Finite state machines',
          descriptions: [
            'Moore and Mealy machines, state encoding, and a coding style with separate next-state and output logic.',
            'Designing a traffic-light controller and a UART receiver, verified with testbenches and waveforms.',
          ],
        },
        {
          title: 'FPGA implementation project',
          descriptions: [
            'The FPGA flow in Vivado: constraints, synthesis, implementation, timing report and bitstream generation.',
            'A final project on the Basys 3 board, such as a stopwatch or a simple game, demonstrated in the lab.',
          ],
        },
      ],
      why: {
        title: 'Why learn digital logic on an FPGA?',
        description:
          'Seeing your own logic run in hardware turns theory into intuition. The skills carry straight into RTL design, verification and FPGA engineering roles.',
        statistics: [
          { value: '12', text: 'Guided lab exercises', icon: 'chart' },
          { value: '1', text: 'FPGA project for your portfolio', icon: 'briefcase' },
          { value: '6 weeks', text: 'Online lessons plus in-person lab days', icon: 'person' },
        ],
      },
      prequisites: [
        'Secondary-school mathematics',
        'Comfort with basic programming concepts in any language',
        'A laptop able to run Vivado (Windows or Linux, 8 GB RAM or more)',
      ],
    },
  },
  {
    id: 'course-2',
    title: 'Foundations of Chip Engineering: Devices, Circuits and Tools',
    description:
      'A ten-week foundation in MOSFET devices, CMOS circuits, SPICE simulation and the Linux, Python and Tcl skills every chip engineer uses daily.',
    level: 'Beginner',
    mode: 'Online',
    length: '10 weeks',
    feature: true,
    path: 'beginner',
    details: {
      tagline: 'The engineering toolkit behind every chip design and manufacturing role.',
      description:
        'This course builds the technical base that specialist courses assume. You will study how MOSFETs behave, build CMOS inverters and logic gates, and simulate them in SPICE to see delay and power. In parallel you will learn the working environment of chip teams: the Linux command line, shell scripting, Python for parsing reports and plotting data, Tcl for driving EDA tools, and Git for version control.',
      outcomes: [
        'Explain MOSFET regions of operation, threshold voltage and the drain current equations',
        'Analyse CMOS inverter transfer curves, propagation delay and dynamic and leakage power',
        'Set up and run DC, transient and parametric SPICE simulations and interpret the results',
        'Work efficiently in a Linux shell and automate tasks with Bash, Python and Tcl scripts',
        'Parse tool logs and measurement data with Python and present results with clear plots',
      ],
      tools: ['Ngspice', 'Xschem', 'Linux (Ubuntu)', 'Python with pandas and Matplotlib', 'Tcl', 'Git'],
      curriculum: [
        {
          title: 'MOSFET devices',
          descriptions: [
            'MOS capacitor, threshold voltage, cutoff, triode and saturation regions, and channel-length modulation.',
            'Reading device models and simulating Id-Vgs and Id-Vds curves for NMOS and PMOS transistors in Ngspice.',
          ],
        },
        {
          title: 'CMOS circuits',
          descriptions: [
            'The CMOS inverter, its voltage transfer characteristic, noise margins and sizing for equal rise and fall times.',
            'NAND, NOR and complex gates, propagation delay, fan-out, and dynamic versus static power.',
          ],
        },
        {
          title: "The engineer's working environment",
          descriptions: [
            'Linux files, permissions, processes, environment variables, grep, sed, awk and shell scripts.',
            'Git branching and merging, and the project directory structures used by design and process teams.',
          ],
        },
        {
          title: 'Scripting for chip engineering',
          descriptions: [
            'Python for parsing timing and simulation reports, processing CSV measurement data and plotting trends.',
            'Tcl syntax as used by Synopsys, Cadence and Siemens tools, and a scripted simulation sweep as the capstone.',
          ],
        },
      ],
      why: {
        title: 'Why build a strong foundation?',
        description:
          'Employers consistently say that new graduates struggle less with theory than with tools and scripting. This course closes that gap before you specialise.',
        statistics: [
          { value: '10 weeks', text: 'Self-paced lessons with weekly live clinics', icon: 'person' },
          { value: '30+', text: 'Hands-on simulation and scripting exercises', icon: 'chart' },
          { value: '3', text: 'Scripting languages used in industry flows', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Diploma or degree studies in engineering, science or computing (in progress or completed)',
        "Basic circuit theory: Ohm's law and Kirchhoff's laws",
        'A computer able to run a Linux virtual machine or WSL',
      ],
    },
  },
];
