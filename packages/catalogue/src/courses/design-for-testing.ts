import type { Course } from '../schemas';

export const designForTestingCourses: Course[] = [
  {
    id: 'course-21',
    title: 'Scan Design and Insertion',
    description:
      'Make a design testable: scan flip-flops, scan chains, test clocks and DFT design rules, inserted and verified in an industrial DFT flow.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dft',
    details: {
      tagline: 'Every manufactured chip must be tested: design it so that it can be.',
      description:
        'Manufacturing defects are inevitable, so chips are designed with structures that let testers control and observe internal logic. This course explains controllability and observability, the mux-D scan cell, scan chains and shift/capture operation. You will fix DFT design-rule violations such as uncontrollable clocks and asynchronous resets, insert scan and test compression into a netlist, balance chains, and simulate scan shift and capture to verify the result.',
      outcomes: [
        'Explain why structural test is needed and how scan gives controllability and observability',
        'Describe mux-D scan cells, scan chains, shift and capture modes and scan enable timing',
        'Identify and fix DFT rule violations: clock control, asynchronous set/reset, latches and tristates',
        'Insert scan chains and test compression and balance chain lengths',
        'Verify scan insertion with DRC reports and scan shift and capture simulation',
      ],
      tools: ['Siemens Tessent Scan', 'Synopsys DFT Compiler', 'Cadence Modus DFT', 'Synopsys TestMAX', 'Siemens Questa', 'Tcl'],
      curriculum: [
        {
          title: 'Why design for test',
          descriptions: [
            'Manufacturing defects, yield, defect levels (DPPM) and the cost of test escapes.',
            'Controllability, observability and why functional tests cannot cover large designs.',
          ],
        },
        {
          title: 'Scan architecture',
          descriptions: [
            'Scan cells, scan chains, shift and capture, scan enable and scan clock timing.',
            'Test clock control, on-chip clock controllers for at-speed test, and lock-up latches between domains.',
          ],
        },
        {
          title: 'Scan insertion and verification',
          descriptions: [
            'DFT design rule checks and RTL fixes, scan insertion, chain balancing and compression.',
            'Scan chain integrity tests and simulation of shift and capture on the inserted netlist.',
          ],
        },
      ],
      why: {
        title: 'Why DFT?',
        description:
          'Every digital chip ships with scan, and DFT engineers are needed in design houses and in test-focused companies across Penang and the Klang Valley.',
        statistics: [
          { value: '95%+', text: 'Typical stuck-at fault coverage target with scan', icon: 'chart' },
          { value: '1', text: 'Scan-inserted design for your portfolio', icon: 'briefcase' },
          { value: '6 weeks', text: 'Hybrid course with lab days', icon: 'person' },
        ],
      },
      prequisites: ['Digital logic and flip-flop timing', 'Reading Verilog netlists', 'Basic Linux and Tcl'],
    },
  },
  {
    id: 'course-22',
    title: 'ATPG and Fault Models',
    description:
      'Generate and validate manufacturing test patterns with automatic test pattern generation, from stuck-at to at-speed and cell-aware fault models.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dft',
    details: {
      tagline: 'Create the patterns that decide whether each chip is shipped or rejected.',
      description:
        'Automatic test pattern generation creates the vectors that testers apply to every chip. You will learn the fault models used in production (stuck-at, transition, path delay, bridging and cell-aware), how ATPG algorithms such as the D-algorithm and PODEM work, and how to run ATPG in an industrial tool. You will analyse coverage reports, improve coverage by fixing untestable faults, simulate patterns with timing, and export them in STIL or WGL for the tester.',
      outcomes: [
        'Explain stuck-at, transition, path-delay, bridging and cell-aware fault models',
        'Describe how ATPG algorithms sensitise and propagate faults',
        'Run ATPG, read fault classes and coverage reports and raise test coverage',
        'Generate at-speed patterns using launch-on-capture and launch-on-shift',
        'Validate patterns with timing simulation and export them in STIL for automatic test equipment',
      ],
      tools: [
        'Siemens Tessent FastScan and TestKompress',
        'Synopsys TestMAX ATPG',
        'Cadence Modus',
        'STIL (IEEE 1450)',
        'Siemens Questa',
        'Python',
      ],
      curriculum: [
        {
          title: 'Fault models',
          descriptions: [
            'Stuck-at faults, fault equivalence and collapsing, and fault coverage versus test coverage.',
            'Transition and path-delay faults for timing defects, bridging and cell-aware models for modern nodes.',
          ],
        },
        {
          title: 'ATPG in practice',
          descriptions: [
            'ATPG algorithms, fault simulation and pattern compaction.',
            'Running ATPG, analysing untestable and aborted faults, and design fixes to improve coverage.',
          ],
        },
        {
          title: 'At-speed and pattern delivery',
          descriptions: [
            'Launch-on-capture and launch-on-shift, on-chip clock control and false/multicycle path handling.',
            'Serial and parallel pattern simulation with timing, and STIL/WGL hand-off to test engineering.',
          ],
        },
      ],
      why: {
        title: 'Why ATPG skills?',
        description:
          'Test cost and escape rates are critical business numbers. ATPG engineers sit between design and production test and are essential for automotive-grade quality.',
        statistics: [
          { value: '5', text: 'Fault models covered', icon: 'chart' },
          { value: '99%', text: 'Test coverage target you will work towards', icon: 'person' },
          { value: '1', text: 'Pattern set delivered in STIL', icon: 'briefcase' },
        ],
      },
      prequisites: ['Scan design fundamentals', 'Digital logic and timing basics', 'Basic Tcl scripting'],
    },
  },
  {
    id: 'course-23',
    title: 'Memory BIST and Logic BIST',
    description:
      'Test embedded memories and logic with built-in self-test: March algorithms, memory repair, LBIST with PRPG and MISR, and in-system test for automotive chips.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dft',
    details: {
      tagline: 'Let the chip test itself, in the factory and in the field.',
      description:
        'Embedded memories occupy a large share of modern SoC area and have their own defect types, while safety standards such as ISO 26262 require chips to test themselves in the field. You will learn memory fault models and March algorithms, insert memory BIST controllers, and use redundancy analysis and repair with eFuses. You will then build logic BIST with pseudo-random pattern generators, X-bounding and MISR signature analysis, and plan in-system test for automotive functional safety.',
      outcomes: [
        'Explain memory fault models and design March tests to detect them',
        'Insert and verify memory BIST controllers for SRAM and register-file instances',
        'Describe redundancy analysis, built-in repair and eFuse programming',
        'Implement logic BIST with PRPG, X-bounding, test points and MISR signatures',
        'Plan power-on and periodic in-system test for ISO 26262 functional safety',
      ],
      tools: [
        'Siemens Tessent MemoryBIST',
        'Siemens Tessent LogicBIST',
        'Synopsys STAR Memory System',
        'Synopsys TestMAX',
        'SystemVerilog',
        'ISO 26262 guidelines',
      ],
      curriculum: [
        {
          title: 'Memory test',
          descriptions: [
            'Memory faults: stuck-at, transition, coupling, address decoder and retention faults.',
            'March algorithms such as March C- and their fault coverage.',
          ],
        },
        {
          title: 'Memory BIST and repair',
          descriptions: [
            'BIST controllers, memory interfaces and sharing one controller across many instances.',
            'Redundancy analysis, repair registers, eFuse programming and soft repair at power-on.',
          ],
        },
        {
          title: 'Logic BIST',
          descriptions: [
            'LFSR-based pattern generation, phase shifters, X-bounding and test point insertion.',
            'MISR compaction, signature calculation and aliasing.',
          ],
        },
        {
          title: 'In-system test and safety',
          descriptions: [
            'Power-on self-test and periodic test in automotive SoCs, and test time budgets.',
            'Diagnostic coverage metrics for ISO 26262 and a full BIST integration project.',
          ],
        },
      ],
      why: {
        title: 'Why BIST?',
        description:
          'Automotive and data-centre chips depend on self-test for safety and reliability. BIST and functional-safety skills are growing fast in demand.',
        statistics: [
          { value: '2', text: 'BIST types implemented: memory and logic', icon: 'chart' },
          { value: '1', text: 'BIST integration project', icon: 'briefcase' },
          { value: '6 weeks', text: 'Advanced hybrid course', icon: 'person' },
        ],
      },
      prequisites: ['Scan design and ATPG fundamentals', 'RTL design experience', 'Basic understanding of SRAM structure'],
    },
  },
  {
    id: 'course-24',
    title: 'Boundary Scan and IJTAG Test Access',
    description:
      'Access and test chips and boards through IEEE 1149.1 JTAG boundary scan and IEEE 1687 IJTAG networks for embedded instruments.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dft',
    details: {
      tagline: 'One small port to reach every instrument on the chip.',
      description:
        'The JTAG test access port is used to test board interconnects, program devices, debug processors and reach embedded test instruments. You will learn the IEEE 1149.1 TAP controller, instruction and data registers, and boundary-scan cells, and write BSDL descriptions. Then you will build IEEE 1687 (IJTAG) networks with segment insertion bits, describe them in ICL and PDL, and retarget instrument operations so that the same test procedures run from simulation to the tester.',
      outcomes: [
        'Explain the IEEE 1149.1 TAP state machine, instruction register and mandatory instructions',
        'Design boundary-scan cells and write and validate a BSDL description',
        'Run board-level interconnect tests with boundary scan',
        'Build IEEE 1687 IJTAG networks and describe them with ICL and PDL',
        'Retarget instrument access procedures from simulation to silicon and ATE',
      ],
      tools: ['IEEE 1149.1 JTAG', 'IEEE 1687 IJTAG (ICL and PDL)', 'Siemens Tessent IJTAG', 'BSDL', 'OpenOCD', 'Siemens Questa'],
      curriculum: [
        {
          title: 'JTAG and boundary scan',
          descriptions: [
            'The TAP controller, instruction register, BYPASS, IDCODE, SAMPLE/PRELOAD and EXTEST.',
            'Boundary-scan cells, BSDL files and board interconnect testing.',
          ],
        },
        {
          title: 'IJTAG networks',
          descriptions: [
            'Segment insertion bits, scan multiplexers and instrument interfaces.',
            'Describing networks in ICL and operations in PDL, and retargeting to the top level.',
          ],
        },
        {
          title: 'From simulation to silicon',
          descriptions: [
            'Verifying TAP and IJTAG logic in simulation and creating tester patterns.',
            'Using JTAG in silicon bring-up and debug with OpenOCD and a JTAG probe.',
          ],
        },
      ],
      why: {
        title: 'Why test access?',
        description:
          'JTAG is on almost every complex chip and board. Engineers who understand test access work across DFT, validation, board test and silicon debug.',
        statistics: [
          { value: '2', text: 'IEEE standards learned in depth', icon: 'chart' },
          { value: '4', text: 'Roles that use JTAG daily', icon: 'briefcase' },
          { value: '6 weeks', text: 'Advanced hybrid course', icon: 'person' },
        ],
      },
      prequisites: ['Digital design and finite state machines', 'Scan design fundamentals', 'RTL simulation experience'],
    },
  },
];
