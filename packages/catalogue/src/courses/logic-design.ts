import type { Course } from '../schemas';

export const logicDesignCourses: Course[] = [
  {
    id: 'course-4',
    title: 'RTL Design with SystemVerilog',
    description:
      'Write clean, synthesisable SystemVerilog for datapaths, control logic and interfaces, following the coding rules used in industry design teams.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'ld',
    details: {
      tagline: 'Write RTL that simulates, synthesises and passes review the first time.',
      description:
        'Register-transfer level design is the core job of a logic designer. This course teaches the synthesisable subset of SystemVerilog (always_ff, always_comb, packed structs, enums, interfaces and packages) and the design patterns behind real blocks: pipelined datapaths, FIFOs, arbiters and register banks. You will lint your code, simulate it with Verilator, synthesise it with Yosys and learn to read what hardware your code actually infers.',
      outcomes: [
        'Write synthesisable SystemVerilog using always_ff, always_comb, enums, structs, packages and interfaces',
        'Design pipelined datapaths, synchronous FIFOs, round-robin arbiters and memory-mapped register banks',
        'Avoid latches, multiple drivers, simulation-synthesis mismatches and blocking/non-blocking errors',
        'Apply lint rules and a design review checklist to find problems before simulation',
        'Relate RTL constructs to the gates and flip-flops a synthesis tool infers',
      ],
      tools: ['SystemVerilog', 'Verilator', 'Yosys', 'Verible linter', 'GTKWave', 'Synopsys VCS'],
      curriculum: [
        {
          title: 'Synthesisable SystemVerilog',
          descriptions: [
            'Data types (logic, packed arrays, structs, enums), always_ff and always_comb, and parameterised modules.',
            'Packages and interfaces for reusable, readable designs, and the constructs that do not synthesise.',
          ],
        },
        {
          title: 'Design patterns for datapaths and control',
          descriptions: [
            'Pipelining with valid/ready handshakes, back-pressure and skid buffers.',
            'Synchronous FIFOs, arbiters, counters and a register bank with a simple bus interface.',
          ],
        },
        {
          title: 'Code quality and review',
          descriptions: [
            'Lint with Verilator and Verible, naming and reset conventions, and a peer design review in class.',
            'Reading Yosys synthesis output to check inferred flip-flops, multiplexers and unintended latches.',
          ],
        },
      ],
      why: {
        title: 'Why RTL design?',
        description:
          'Every digital chip starts as RTL. Designers who write clear, synthesis-friendly code are trusted with more complex blocks and move quickly into architecture roles.',
        statistics: [
          { value: '5', text: 'Reusable design blocks you will build', icon: 'chart' },
          { value: '6 weeks', text: 'Online theory plus lab days with instructors', icon: 'person' },
          { value: '1', text: 'Reviewed RTL portfolio project', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Digital logic fundamentals: gates, flip-flops and finite state machines',
        'Basic Verilog or another hardware description language',
        'Comfort with the Linux command line',
      ],
    },
  },
  {
    id: 'course-5',
    title: 'Logic Synthesis and Timing Constraints',
    description:
      'Turn RTL into an optimised gate-level netlist and write the SDC constraints that tell the tools how fast, and under what conditions, the design must run.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'ld',
    details: {
      tagline: 'Constraints are part of the design: learn to write them correctly.',
      description:
        'Synthesis maps RTL onto a standard-cell library while meeting timing, area and power goals. You will run synthesis with Yosys and with Synopsys Design Compiler or Cadence Genus, read the reports, and see how coding style changes the result. Most of the course focuses on Synopsys Design Constraints (SDC): clocks, generated clocks, input and output delays, false paths and multicycle paths, and the mistakes that cause silicon failures.',
      outcomes: [
        'Explain how synthesis maps RTL to a standard-cell library using Liberty timing models',
        'Write SDC for clocks, generated clocks, clock uncertainty, and input and output delays',
        'Apply false paths, multicycle paths and clock groups correctly and justify each exception',
        'Read timing, area and power reports and fix violations through RTL or constraint changes',
        'Check netlist equivalence against the RTL with a logic equivalence tool',
      ],
      tools: [
        'Synopsys Design Compiler',
        'Cadence Genus',
        'Yosys',
        'OpenSTA',
        'Cadence Conformal LEC',
        'SkyWater SKY130 standard-cell library',
      ],
      curriculum: [
        {
          title: 'How synthesis works',
          descriptions: [
            'Elaboration, generic logic optimisation and technology mapping onto Liberty standard cells.',
            'Effects of coding style, resource sharing, retiming and clock gating on the synthesised netlist.',
          ],
        },
        {
          title: 'Writing SDC constraints',
          descriptions: [
            'create_clock, create_generated_clock, set_clock_uncertainty, set_input_delay and set_output_delay.',
            'Timing exceptions: set_false_path, set_multicycle_path and set_clock_groups, and how to review them safely.',
          ],
        },
        {
          title: 'Reports, fixes and equivalence',
          descriptions: [
            'Reading timing paths, slack, area and power reports, and choosing between RTL and constraint fixes.',
            'Formal equivalence checking between RTL and netlist, and handing a clean netlist to physical design.',
          ],
        },
      ],
      why: {
        title: 'Why master constraints?',
        description:
          'Wrong constraints hide real timing problems until silicon. Designers who can write and review SDC are valued across logic design, physical design and timing sign-off.',
        statistics: [
          { value: '3', text: 'Synthesis flows compared: open-source and commercial', icon: 'chart' },
          { value: '10', text: 'Constraint debugging exercises', icon: 'person' },
          { value: '2', text: 'Career paths opened: logic design and timing', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'RTL design in Verilog or SystemVerilog',
        'Understanding of setup and hold time',
        'Basic Tcl or willingness to learn it in week one',
      ],
    },
  },
  {
    id: 'course-6',
    title: 'Clock Domain Crossing and Reset Design',
    description:
      'Design safe crossings between asynchronous clocks and robust reset schemes, and verify them with static CDC and RDC analysis.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'ld',
    details: {
      tagline: 'Stop the intermittent bugs that simulation never finds.',
      description:
        'Modern SoCs have dozens of clock domains, and every signal that crosses between them risks metastability, data loss or reconvergence errors that functional simulation rarely shows. This course explains metastability and MTBF, then teaches the standard synchronisers: two-flop synchronisers, pulse and toggle synchronisers, handshake protocols and asynchronous FIFOs with Gray-coded pointers. You will also design reset trees with asynchronous assertion and synchronous de-assertion, and run structural CDC and RDC checks.',
      outcomes: [
        'Explain metastability, calculate synchroniser MTBF and choose the number of flip-flop stages',
        'Design two-flop, pulse and handshake synchronisers and an asynchronous FIFO with Gray-coded pointers',
        'Identify reconvergence, glitch-prone combinational logic and multi-bit crossing hazards',
        'Design reset schemes with asynchronous assertion, synchronous de-assertion and reset sequencing',
        'Run and triage structural CDC and RDC reports, and write waivers with clear justification',
      ],
      tools: ['SystemVerilog', 'Siemens Questa CDC', 'Synopsys SpyGlass CDC', 'Verilator', 'SymbiYosys', 'Synopsys VCS'],
      curriculum: [
        {
          title: 'Metastability and synchronisers',
          descriptions: [
            'Why flip-flops go metastable, resolution time, MTBF calculation and the two-flop synchroniser.',
            'Pulse synchronisers, toggle synchronisers and request/acknowledge handshakes for control signals.',
          ],
        },
        {
          title: 'Multi-bit crossings',
          descriptions: [
            'Why multi-bit buses cannot be synchronised bit by bit; Gray codes and MUX-recirculation schemes.',
            'Designing and verifying an asynchronous FIFO with Gray-coded pointers and full/empty generation.',
          ],
        },
        {
          title: 'Reset design',
          descriptions: [
            'Synchronous versus asynchronous resets, reset synchronisers and reset-domain crossings.',
            'Reset sequencing across power and clock domains, and reset trees in physical design.',
          ],
        },
        {
          title: 'Static CDC and RDC verification',
          descriptions: [
            'Setting up structural CDC analysis, reading violation categories and fixing the RTL.',
            'Formal checks of synchroniser protocols and writing reviewable waivers for intentional crossings.',
          ],
        },
      ],
      why: {
        title: 'Why CDC expertise matters',
        description:
          'CDC bugs escape simulation and appear as rare field failures that are expensive to debug. Engineers who can design and sign off crossings are in demand for SoC integration roles.',
        statistics: [
          { value: '4', text: 'Synchroniser designs built and verified', icon: 'chart' },
          { value: '1', text: 'Asynchronous FIFO project', icon: 'briefcase' },
          { value: '6 weeks', text: 'Advanced hybrid course with lab days', icon: 'person' },
        ],
      },
      prequisites: [
        'RTL design experience in SystemVerilog',
        'Understanding of setup and hold timing',
        'Experience writing simple testbenches',
      ],
    },
  },
  {
    id: 'course-7',
    title: 'Low-Power Design with UPF',
    description:
      'Reduce dynamic and leakage power with clock gating, power gating and multiple voltage domains, described in the Unified Power Format (IEEE 1801).',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'ld',
    details: {
      tagline: 'Design chips that last longer on a battery and run cooler in the data centre.',
      description:
        'Power is a first-class design goal in mobile, IoT and data-centre chips. You will learn where power goes (switching, short-circuit and leakage), then apply the techniques designers use at RTL and architecture level: clock gating, operand isolation, multi-Vt libraries, power gating with retention, and dynamic voltage and frequency scaling. You will write a UPF power intent file for a design with switchable domains and verify it with power-aware simulation.',
      outcomes: [
        'Break down dynamic, short-circuit and leakage power and estimate them from activity data',
        'Apply clock gating, operand isolation and memory power modes in RTL',
        'Describe power domains, supply networks, switches, isolation, level shifters and retention in UPF',
        'Run power-aware simulation and static low-power checks and debug isolation and retention bugs',
        'Explain DVFS and how power management units sequence domains on and off',
      ],
      tools: [
        'IEEE 1801 UPF',
        'Synopsys VC LP',
        'Synopsys PrimePower',
        'Cadence Joules',
        'Siemens Questa power-aware simulation',
        'SystemVerilog',
      ],
      curriculum: [
        {
          title: 'Where power goes',
          descriptions: [
            'Dynamic power (C·V²·f·activity), short-circuit current and subthreshold and gate leakage.',
            'Estimating power from switching activity (SAIF/FSDB) and finding the biggest consumers.',
          ],
        },
        {
          title: 'RTL power reduction',
          descriptions: [
            'Integrated clock-gating cells, enable inference, operand isolation and memory light-sleep modes.',
            'Multi-Vt cell selection and the trade-off between leakage and timing.',
          ],
        },
        {
          title: 'Power intent with UPF',
          descriptions: [
            'create_power_domain, supply nets and sets, power switches, isolation and level-shifter strategies.',
            'State retention, power state tables and sequencing a domain off and on safely.',
          ],
        },
        {
          title: 'Low-power verification',
          descriptions: [
            'Power-aware simulation with corruption of powered-down logic and checking isolation values.',
            'Static UPF checks, common bugs in power intent, and a full switchable-domain project.',
          ],
        },
      ],
      why: {
        title: 'Why low-power design?',
        description:
          'Battery life and thermal limits drive product decisions. Designers fluent in UPF and power analysis work on the most demanding mobile, automotive and AI chips.',
        statistics: [
          { value: '1', text: 'Complete UPF project with switchable domains', icon: 'briefcase' },
          { value: '4', text: 'Power-reduction techniques applied in labs', icon: 'chart' },
          { value: '6 weeks', text: 'Advanced hybrid course', icon: 'person' },
        ],
      },
      prequisites: ['RTL design in SystemVerilog', 'Basic knowledge of synthesis and timing', 'Understanding of CMOS power fundamentals'],
    },
  },
  {
    id: 'course-8',
    title: 'Designing a RISC-V Processor Core',
    description:
      'Build a pipelined RV32I processor in SystemVerilog, from the instruction set to hazards and forwarding, and run real programs on it.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'ld',
    details: {
      tagline: 'Understand processors by building one.',
      description:
        'RISC-V is an open instruction set used from microcontrollers to data-centre accelerators. You will implement the RV32I base integer instruction set, first as a single-cycle core and then as a classic five-stage pipeline with forwarding, stall logic and branch handling. You will compile C programs with the RISC-V GNU toolchain, run them on your core in Verilator, compare against a reference simulator, and measure performance in cycles per instruction.',
      outcomes: [
        'Read the RISC-V unprivileged specification and decode RV32I instruction formats',
        'Implement a single-cycle RV32I datapath and control unit in SystemVerilog',
        'Pipeline the core into five stages and resolve data and control hazards with forwarding and stalls',
        'Compile and run C programs on the core and check results against the Spike reference simulator',
        'Measure CPI and evaluate branch prediction and memory interface trade-offs',
      ],
      tools: ['RISC-V GNU toolchain (GCC)', 'Spike RISC-V ISA simulator', 'Verilator', 'SystemVerilog', 'GTKWave', 'riscv-tests suite'],
      curriculum: [
        {
          title: 'The RISC-V instruction set',
          descriptions: [
            'R, I, S, B, U and J instruction formats, the register file, and the load/store architecture.',
            'Assembly programming, the calling convention, and how C compiles to RV32I.',
          ],
        },
        {
          title: 'Single-cycle core',
          descriptions: [
            'Datapath: program counter, instruction memory, register file, ALU, immediate generator and data memory.',
            'Control decoding and running the official riscv-tests on the single-cycle core.',
          ],
        },
        {
          title: 'Pipelining and hazards',
          descriptions: [
            'Five-stage pipeline registers, forwarding paths and load-use stalls.',
            'Branch resolution, flushing and a simple branch predictor, with CPI measurement.',
          ],
        },
        {
          title: 'Running software',
          descriptions: [
            'Linking programs for your memory map, a memory-mapped UART, and printing from C.',
            'Comparing execution traces against Spike and a final benchmark demonstration.',
          ],
        },
      ],
      why: {
        title: 'Why build a RISC-V core?',
        description:
          'A working processor is one of the strongest portfolio projects a logic designer can show. It proves you understand pipelines, hazards and hardware-software interaction.',
        statistics: [
          { value: '40', text: 'RV32I base instructions to implement', icon: 'chart' },
          { value: '5', text: 'Pipeline stages designed and debugged', icon: 'person' },
          { value: '1', text: 'Processor core for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'RTL design in Verilog or SystemVerilog',
        'Basic computer architecture: registers, memory and instruction execution',
        'C programming fundamentals',
      ],
    },
  },
  {
    id: 'course-9',
    title: 'AMBA Bus Protocols and SoC Integration',
    description:
      'Design AXI4, AXI4-Lite and APB interfaces, connect IP blocks through interconnects and bridges, and integrate a small SoC.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'ld',
    details: {
      tagline: 'Learn the protocols that connect every block on a modern SoC.',
      description:
        "Arm's AMBA protocols are the common language of SoC design. You will study the APB, AXI4-Lite and full AXI4 protocols channel by channel, including handshakes, bursts, outstanding transactions and response codes. Then you will design protocol-compliant slaves and masters, build an APB bridge, and integrate a processor, memory and peripherals into a small SoC with a documented memory map.",
      outcomes: [
        'Explain the APB, AXI4-Lite and AXI4 channels, handshakes, burst types and response codes',
        'Design a protocol-compliant AXI4-Lite register slave and an APB peripheral',
        'Build an AXI-to-APB bridge and integrate it with an interconnect',
        'Create an SoC memory map, address decoding and interrupt connections',
        'Check protocol compliance with assertions and bus functional models',
      ],
      tools: [
        'SystemVerilog',
        'AMBA AXI4 and APB specifications',
        'Verilator',
        'Siemens Questa',
        'SystemRDL with PeakRDL register generator',
        'AMD Vivado IP integrator',
      ],
      curriculum: [
        {
          title: 'APB and AXI4-Lite',
          descriptions: [
            'APB setup and access phases, wait states and errors; AXI4-Lite read and write channels and the valid/ready rule.',
            'Designing a register block generated from a SystemRDL description with an AXI4-Lite interface.',
          ],
        },
        {
          title: 'Full AXI4',
          descriptions: [
            'Burst types (FIXED, INCR, WRAP), IDs, out-of-order responses and outstanding transactions.',
            'Designing a simple AXI4 memory slave and checking it with protocol assertions.',
          ],
        },
        {
          title: 'SoC integration',
          descriptions: [
            'Interconnects, bridges, address decoding, clock and reset distribution, and interrupt routing.',
            'Integrating a RISC-V core, SRAM, UART and timer into a small SoC and booting a test program.',
          ],
        },
      ],
      why: {
        title: 'Why learn bus protocols?',
        description:
          'Almost every digital design job involves an AXI or APB interface. Engineers who understand the protocols deeply integrate IP faster and debug system hangs with confidence.',
        statistics: [
          { value: '3', text: 'AMBA protocols covered in depth', icon: 'chart' },
          { value: '1', text: 'Small SoC integrated end to end', icon: 'briefcase' },
          { value: '6 weeks', text: 'Hybrid course with lab days', icon: 'person' },
        ],
      },
      prequisites: ['RTL design in SystemVerilog', 'Finite state machine design', 'Basic simulation and waveform debugging'],
    },
  },
];
