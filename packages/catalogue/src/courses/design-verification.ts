import type { Course } from '../schemas';

export const designVerificationCourses: Course[] = [
  {
    id: 'course-10',
    title: 'Verification Fundamentals with SystemVerilog',
    description:
      'Learn how chips are verified before tape-out: test plans, self-checking testbenches, classes, randomisation and the verification mindset.',
    level: 'Beginner',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dv',
    details: {
      tagline: 'Think like a verification engineer: assume the design is broken until proven otherwise.',
      description:
        'Verification takes more engineering effort than design on most chip projects. This course introduces the discipline: extracting features from a specification into a verification plan, writing directed and self-checking testbenches, and using the SystemVerilog verification features (classes, mailboxes, interfaces, clocking blocks, constrained randomisation) to build a layered testbench for a FIFO and a simple bus peripheral.',
      outcomes: [
        'Turn a design specification into a verification plan with features, checks and coverage goals',
        'Write self-checking testbenches with reference models and scoreboards',
        'Use SystemVerilog classes, inheritance, mailboxes, interfaces and clocking blocks',
        'Generate constrained-random stimulus and reproduce failures using seeds',
        'Debug failures efficiently with waveforms, logs and assertions',
      ],
      tools: ['SystemVerilog', 'Siemens Questa', 'Synopsys VCS', 'Cadence Xcelium', 'EDA Playground', 'Git'],
      curriculum: [
        {
          title: 'The verification process',
          descriptions: [
            'Why verification dominates project effort, the verification plan, and black-box versus white-box checks.',
            'Directed tests, self-checking testbenches and reference models for a synchronous FIFO.',
          ],
        },
        {
          title: 'SystemVerilog for testbenches',
          descriptions: [
            'Classes, objects, inheritance and polymorphism; dynamic arrays, queues and associative arrays.',
            'Interfaces, clocking blocks, modports, mailboxes and events to connect testbench components.',
          ],
        },
        {
          title: 'Layered, random testbenches',
          descriptions: [
            'Transaction, generator, driver, monitor and scoreboard layers for a bus peripheral.',
            'Constrained randomisation, seeds and regression runs, and a first look at functional coverage.',
          ],
        },
      ],
      why: {
        title: 'Why verification?',
        description:
          "Industry studies consistently show verification takes over half of a chip project's effort, and verification engineers are among the most hired roles in design houses.",
        statistics: [
          { value: '50%+', text: 'Of chip project effort spent on verification', icon: 'chart' },
          { value: '3', text: 'Testbenches built, from directed to random', icon: 'person' },
          { value: '1', text: 'Verification plan for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Digital logic and basic Verilog',
        'Programming experience in C, C++, Java or Python',
        'Understanding of finite state machines',
      ],
    },
  },
  {
    id: 'course-11',
    title: 'UVM Testbench Development',
    description:
      'Build reusable verification environments with the Universal Verification Methodology: agents, sequences, scoreboards, the factory and the configuration database.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dv',
    details: {
      tagline: 'The methodology behind almost every industrial testbench.',
      description:
        'UVM (IEEE 1800.2) is the standard way to build verification environments that scale across blocks, subsystems and projects. You will build a complete UVM environment for an APB/AXI4-Lite peripheral: sequence items, sequences, sequencers, drivers, monitors, agents, scoreboards, environments and tests. You will use the factory for overrides, the configuration database for settings, TLM ports for communication, and the UVM register layer to model and test registers.',
      outcomes: [
        'Explain the UVM class library, component hierarchy and simulation phases',
        'Build active and passive agents with drivers, monitors, sequencers and sequences',
        'Use the factory, configuration database and TLM analysis ports correctly',
        'Write scoreboards and predictors and model registers with the UVM register layer (RAL)',
        'Create layered and virtual sequences and run regressions across many seeds',
      ],
      tools: ['UVM 1.2 / IEEE 1800.2', 'SystemVerilog', 'Siemens Questa', 'Synopsys VCS', 'Cadence Xcelium', 'Synopsys Verdi'],
      curriculum: [
        {
          title: 'UVM foundations',
          descriptions: [
            'uvm_object and uvm_component, phases, the factory, the configuration database and reporting.',
            'Transaction modelling with uvm_sequence_item and field automation versus hand-written methods.',
          ],
        },
        {
          title: 'Agents and sequences',
          descriptions: [
            'Drivers, monitors, sequencers and the sequence-driver handshake; active and passive agents.',
            'Sequence libraries, virtual sequences and sequencers, and test-level overrides.',
          ],
        },
        {
          title: 'Checking and registers',
          descriptions: [
            'Scoreboards, predictors and TLM analysis FIFOs for in-order and out-of-order checking.',
            'The UVM register layer: register models, adapters, predictors and built-in register sequences.',
          ],
        },
        {
          title: 'Capstone environment',
          descriptions: [
            'A complete, reusable UVM environment for an AXI4-Lite peripheral with coverage and assertions.',
            'Regression scripts, debug with Verdi, and a code review of your environment by an instructor.',
          ],
        },
      ],
      why: {
        title: 'Why UVM?',
        description:
          'Most design verification job advertisements ask for UVM experience. A complete UVM environment in your portfolio shows employers you can contribute to a real project.',
        statistics: [
          { value: '1', text: 'Complete UVM environment built by you', icon: 'briefcase' },
          { value: '8', text: 'UVM component types implemented', icon: 'chart' },
          { value: '6 weeks', text: 'Hybrid course with instructor code reviews', icon: 'person' },
        ],
      },
      prequisites: [
        'SystemVerilog classes and object-oriented programming',
        'Experience writing a self-checking testbench',
        'Basic knowledge of bus protocols such as APB',
      ],
    },
  },
  {
    id: 'course-12',
    title: 'Functional Coverage and Constrained-Random Stimulus',
    description:
      'Measure what your tests have exercised, close coverage holes with smarter constraints, and sign off verification with data instead of hope.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dv',
    details: {
      tagline: 'Know when verification is done.',
      description:
        'Random tests find bugs nobody thought of, but only coverage tells you what they actually tested. This course teaches coverage-driven verification: writing covergroups, coverpoints, bins and crosses from the verification plan, combining functional and code coverage, and writing constraints (distributions, soft constraints, solve-before, inline constraints) that steer stimulus towards holes. You will merge coverage from regressions, analyse reports and present a sign-off review.',
      outcomes: [
        'Derive a coverage model from a specification and verification plan',
        'Write covergroups with coverpoints, bins, illegal and ignore bins, and crosses',
        'Write effective constraints using dist, soft, solve-before, implication and inline constraints',
        'Merge and analyse code and functional coverage from regressions and identify holes',
        'Prepare and present a coverage-based verification sign-off review',
      ],
      tools: [
        'SystemVerilog covergroups',
        'Siemens Questa with UCDB coverage',
        'Synopsys VCS and URG',
        'Cadence Xcelium with vManager',
        'Python for regression reports',
        'Jenkins for nightly regressions',
      ],
      curriculum: [
        {
          title: 'Coverage models',
          descriptions: [
            'Code coverage (line, branch, toggle, FSM) versus functional coverage, and what each misses.',
            'Covergroups, coverpoints, automatic and explicit bins, transition bins and crosses.',
          ],
        },
        {
          title: 'Steering randomisation',
          descriptions: [
            'Constraint blocks, distributions, soft constraints, solve-before ordering and randc variables.',
            'Constraint debugging, solver failures and techniques to reach corner cases.',
          ],
        },
        {
          title: 'Closure and sign-off',
          descriptions: [
            'Regression management, coverage merging and ranking tests by contribution.',
            'Hole analysis, exclusions with justification, and a sign-off review presentation.',
          ],
        },
      ],
      why: {
        title: 'Why coverage closure?',
        description:
          'Tape-out decisions are made on coverage data. Engineers who can build meaningful coverage models and close them efficiently lead verification efforts.',
        statistics: [
          { value: '100%', text: 'Coverage target you will close in the capstone', icon: 'chart' },
          { value: '4', text: 'Coverage types analysed', icon: 'person' },
          { value: '1', text: 'Sign-off review for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'SystemVerilog testbench experience',
        'Familiarity with UVM or a layered testbench',
        'Basic scripting in Python or shell',
      ],
    },
  },
  {
    id: 'course-13',
    title: 'SystemVerilog Assertions and Formal Verification',
    description:
      'Specify design behaviour with SVA and prove it exhaustively with formal property checking, from simple handshakes to complete block proofs.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dv',
    details: {
      tagline: 'Prove properties for every possible input, not just the ones you simulated.',
      description:
        'Assertions capture intended behaviour precisely, and formal tools can prove them for all reachable states. You will learn SVA sequences, properties, implication, repetition and local variables, and use assertions in simulation. Then you will move to formal verification: assumptions and constraints, bounded and unbounded proofs, counterexample debugging, convergence techniques such as abstraction and helper assertions, and formal apps for connectivity and X-propagation.',
      outcomes: [
        'Write SVA sequences and properties with implication, repetition, local variables and sampled-value functions',
        'Bind assertions to RTL and use them to catch bugs in simulation',
        'Set up formal property verification with clocks, resets, assumptions and cover properties',
        'Debug counterexamples and achieve proof convergence with abstractions and helper properties',
        'Apply formal apps for connectivity, sequential equivalence and X-propagation checks',
      ],
      tools: [
        'SystemVerilog Assertions (SVA)',
        'Cadence Jasper Formal Verification Platform',
        'Synopsys VC Formal',
        'Siemens Questa Formal',
        'SymbiYosys',
        'Yosys',
      ],
      curriculum: [
        {
          title: 'Assertion language',
          descriptions: [
            'Immediate and concurrent assertions, sequences, the implication operators and clocking.',
            'Repetition, intersection, local variables, $rose, $fell, $past and $stable.',
          ],
        },
        {
          title: 'Assertion-based verification',
          descriptions: [
            'Binding assertion modules to RTL, protocol checkers and assertion coverage.',
            'Writing assertions for FIFOs, arbiters and valid/ready interfaces.',
          ],
        },
        {
          title: 'Formal property verification',
          descriptions: [
            'Assumptions, asserts and covers; bounded model checking versus full proofs.',
            'Reading counterexample traces, over-constraint checks and vacuity.',
          ],
        },
        {
          title: 'Convergence and formal apps',
          descriptions: [
            'Abstractions, cut points, helper assertions and case splitting for hard proofs.',
            'Connectivity checks, X-propagation and a full formal sign-off of an arbiter block.',
          ],
        },
      ],
      why: {
        title: 'Why formal verification?',
        description:
          'Formal finds corner-case bugs that millions of random cycles miss, and it is used for security-critical and safety-critical blocks. Formal skills are scarce and well rewarded.',
        statistics: [
          { value: '100%', text: 'Of reachable states covered by a full proof', icon: 'chart' },
          { value: '25+', text: 'Assertions written in guided labs', icon: 'person' },
          { value: '1', text: 'Formally signed-off block for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'SystemVerilog design and verification experience',
        'Understanding of finite state machines and handshake protocols',
        'Basic Boolean logic and set theory',
      ],
    },
  },
  {
    id: 'course-14',
    title: 'Python-Based Verification with cocotb',
    description:
      'Verify RTL with Python using cocotb coroutines, reusable bus drivers and Python reference models, running on open-source and commercial simulators.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dv',
    details: {
      tagline: 'Bring the Python ecosystem into hardware verification.',
      description:
        'cocotb lets you write testbenches in Python while the design runs in a standard HDL simulator. You will learn how cocotb connects to the simulator, write tests with async coroutines, triggers and clocks, and build drivers, monitors and scoreboards for streaming and memory-mapped interfaces. You will use Python libraries for reference models (NumPy for DSP blocks), randomise stimulus, collect coverage with cocotb-coverage, and run regressions with pytest.',
      outcomes: [
        'Write cocotb tests with async coroutines, triggers, clocks and timeouts',
        'Build reusable drivers, monitors and scoreboards for AXI-Stream and memory-mapped interfaces',
        'Use Python and NumPy reference models to check DSP and data-path designs',
        'Collect functional coverage and randomise stimulus with cocotb-coverage and constrained random in Python',
        'Run cocotb regressions with pytest and integrate them into continuous integration',
      ],
      tools: ['cocotb', 'Python', 'Icarus Verilog', 'Verilator', 'pytest', 'GitHub Actions'],
      curriculum: [
        {
          title: 'cocotb basics',
          descriptions: [
            'How cocotb talks to the simulator through VPI/VHPI, the Makefile and pytest runners.',
            'Coroutines, triggers (RisingEdge, Timer, ClockCycles), clocks and accessing design signals.',
          ],
        },
        {
          title: 'Reusable testbench components',
          descriptions: [
            'Drivers and monitors for AXI-Stream and memory-mapped buses using cocotbext libraries.',
            'Scoreboards, Python reference models and NumPy-based checking of a FIR filter.',
          ],
        },
        {
          title: 'Randomisation, coverage and CI',
          descriptions: [
            'Random stimulus and coverage collection with cocotb-coverage.',
            'Parameterised pytest regressions and a GitHub Actions pipeline that runs on every commit.',
          ],
        },
      ],
      why: {
        title: 'Why cocotb?',
        description:
          'Startups, FPGA teams and open-source silicon projects increasingly verify with cocotb. Python skills also transfer directly to post-silicon validation and test automation.',
        statistics: [
          { value: '100%', text: 'Open-source tool flow you can use at home', icon: 'person' },
          { value: '3', text: 'Designs verified: FIFO, bus slave and FIR filter', icon: 'chart' },
          { value: '1', text: 'CI-tested verification repository', icon: 'briefcase' },
        ],
      },
      prequisites: ['Python programming, including classes', 'Reading Verilog or SystemVerilog RTL', 'Basic understanding of testbenches'],
    },
  },
  {
    id: 'course-15',
    title: 'SoC Verification with Verification IP and Emulation',
    description:
      'Verify a complete SoC: subsystem testbenches, commercial verification IP, software-driven tests on embedded processors and hardware emulation.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'dv',
    details: {
      tagline: 'Scale verification from blocks to the whole chip.',
      description:
        'At SoC level the questions change: are the blocks connected correctly, do they work together under real software, and can the system boot? You will learn to reuse block-level UVM environments at subsystem level, integrate commercial verification IP for standard protocols, write C tests that run on the embedded processor alongside the UVM testbench, and understand when to move to emulation or FPGA prototyping for long, software-heavy scenarios.',
      outcomes: [
        'Plan SoC-level verification: connectivity, integration, use-case and performance tests',
        'Reuse block-level UVM components vertically in subsystem and SoC environments',
        'Integrate and configure verification IP for protocols such as AXI, PCIe and USB',
        'Write C tests running on the embedded CPU and synchronise them with the UVM testbench',
        'Explain when and how to use hardware emulation and FPGA prototyping',
      ],
      tools: [
        'UVM',
        'Synopsys VC Verification IP',
        'Cadence Verification IP',
        'Synopsys ZeBu emulation (concepts)',
        'Cadence Palladium emulation (concepts)',
        'RISC-V GCC for embedded tests',
      ],
      curriculum: [
        {
          title: 'SoC verification planning',
          descriptions: [
            'Integration versus block verification, connectivity checking and use-case driven test plans.',
            'Vertical reuse: turning block agents passive and reusing scoreboards at subsystem level.',
          ],
        },
        {
          title: 'Verification IP',
          descriptions: [
            'Configuring protocol VIP, protocol checkers and coverage, and debugging VIP errors.',
            'Building a subsystem environment with AXI VIP around an interconnect and memory controller.',
          ],
        },
        {
          title: 'Software-driven verification',
          descriptions: [
            'Boot code, C tests on the embedded processor, and mailbox synchronisation with the testbench.',
            'Interrupt, DMA and low-power use-case tests on a RISC-V based SoC.',
          ],
        },
        {
          title: 'Emulation and prototyping',
          descriptions: [
            'How emulators and FPGA prototypes work, compile flows and debug visibility trade-offs.',
            'Choosing the right platform for OS boot, performance and pre-silicon software development.',
          ],
        },
      ],
      why: {
        title: 'Why SoC-level verification?',
        description:
          'Integration bugs are the ones that kill first silicon. Engineers with SoC verification experience lead teams and own tape-out readiness.',
        statistics: [
          { value: '1', text: 'RISC-V SoC verified end to end', icon: 'briefcase' },
          { value: '3', text: 'Verification platforms compared', icon: 'chart' },
          { value: '6 weeks', text: 'Advanced hybrid course', icon: 'person' },
        ],
      },
      prequisites: ['UVM testbench development experience', 'C programming', 'Knowledge of AMBA bus protocols'],
    },
  },
];
