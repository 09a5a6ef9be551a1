import type { Course } from '../schemas';

export const softwareTestingCourses: Course[] = [
  {
    id: 'course-29',
    title: 'Software Testing Fundamentals for Semiconductor Products',
    description:
      'Learn the principles of software testing, from test design techniques to defect reports, applied to the firmware, drivers and tools that ship with chips.',
    level: 'Beginner',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'st',
    details: {
      tagline: 'Good chips need good software, and good software needs good testing.',
      description:
        'Every modern chip ships with firmware, drivers, SDKs and configuration tools. This course teaches software testing from the ground up: test levels and types, black-box techniques such as equivalence partitioning, boundary value analysis, decision tables and state transition testing, and white-box coverage. You will write test plans and cases, report defects clearly, manage tests in a tracker, and write your first automated unit tests in Python, using examples from a microcontroller SDK.',
      outcomes: [
        'Explain test levels (unit, integration, system, acceptance) and functional and non-functional testing',
        'Design test cases with equivalence partitioning, boundary values, decision tables and state transitions',
        'Measure statement and branch coverage and explain what it does and does not prove',
        'Write clear defect reports and manage test cases and defects in a tracking tool',
        'Automate simple unit tests in Python with pytest and run them under version control',
      ],
      tools: ['pytest', 'Python', 'Git', 'Jira', 'TestRail', 'ISTQB Foundation syllabus'],
      curriculum: [
        {
          title: 'Testing principles',
          descriptions: [
            'Why software fails, the seven testing principles, test levels and test types.',
            'The test process: planning, analysis, design, execution and completion in a product team.',
          ],
        },
        {
          title: 'Test design techniques',
          descriptions: [
            'Equivalence partitioning, boundary value analysis, decision tables and state transition testing.',
            'Statement and branch coverage, experience-based testing and exploratory sessions.',
          ],
        },
        {
          title: 'Defects and first automation',
          descriptions: [
            'Writing reproducible defect reports, severity versus priority, and tracking to closure.',
            'Unit tests with pytest, fixtures and parameterisation for a peripheral driver configuration tool.',
          ],
        },
      ],
      why: {
        title: 'Why software testing in semiconductors?',
        description:
          'Chip companies employ large software teams for firmware, drivers and tools, and all of it must be tested. Testing is an accessible entry point with clear growth into automation and validation.',
        statistics: [
          { value: '4', text: 'Test design techniques practised', icon: 'chart' },
          { value: '50+', text: 'Test cases you will design', icon: 'person' },
          { value: '1', text: 'Test plan and automated suite for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Basic programming in any language',
        'Logical thinking and attention to detail',
        'No prior testing experience required',
      ],
    },
  },
  {
    id: 'course-30',
    title: 'Test Automation with Python for Hardware Labs',
    description:
      'Automate bench measurements and product tests: control instruments over SCPI with PyVISA, build pytest frameworks and report results automatically.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'st',
    details: {
      tagline: 'Replace hours of manual bench work with reliable scripts.',
      description:
        'Characterisation and validation labs run thousands of measurements on power supplies, oscilloscopes, source-measure units and the device under test. You will learn to control instruments with SCPI commands through PyVISA, talk to devices over UART, I2C and SPI, and structure test code with pytest fixtures and parameterisation. You will store results, generate plots and reports automatically, and run the framework from a continuous integration server.',
      outcomes: [
        'Control power supplies, multimeters, oscilloscopes and SMUs with SCPI commands through PyVISA',
        'Communicate with devices under test over UART, I2C and SPI from Python',
        'Structure maintainable test frameworks with pytest fixtures, markers and parameterisation',
        'Log results to files and databases and generate plots and HTML reports automatically',
        'Run automated hardware tests from a CI pipeline with clear pass/fail criteria',
      ],
      tools: ['Python', 'PyVISA', 'pytest', 'pandas and Matplotlib', 'pyserial', 'Jenkins'],
      curriculum: [
        {
          title: 'Instrument control',
          descriptions: [
            'VISA, GPIB, USB-TMC and LAN instruments, SCPI command structure and error handling.',
            'Automating a power supply sweep and oscilloscope measurements with PyVISA.',
          ],
        },
        {
          title: 'Talking to the device under test',
          descriptions: [
            'UART with pyserial, and I2C/SPI through USB adapters; register read/write helpers.',
            'Hardware abstraction layers that let the same test run on different boards.',
          ],
        },
        {
          title: 'Frameworks, reports and CI',
          descriptions: [
            'pytest fixtures for instrument sessions, parameterised sweeps and markers for long tests.',
            'Result storage, automatic plots and reports, and running bench tests from Jenkins.',
          ],
        },
      ],
      why: {
        title: 'Why test automation?',
        description:
          "Validation and test teams are judged on coverage and turnaround time. Engineers who automate labs multiply their team's output and are in demand at chip and equipment companies.",
        statistics: [
          { value: '5', text: 'Instrument types automated', icon: 'chart' },
          { value: '1', text: 'Reusable test framework for your portfolio', icon: 'briefcase' },
          { value: '6 weeks', text: 'Hybrid course with bench lab days', icon: 'person' },
        ],
      },
      prequisites: [
        'Python programming, including functions and classes',
        'Basic electronics and use of lab instruments',
        'Software testing fundamentals',
      ],
    },
  },
  {
    id: 'course-31',
    title: 'Post-Silicon Validation',
    description:
      'Bring up first silicon and prove it meets its specification: validation plans, debug infrastructure, electrical and functional validation, and silicon debug.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'st',
    details: {
      tagline: 'The moment of truth: does the real chip work?',
      description:
        'Pre-silicon verification cannot catch everything: some bugs only appear at speed, across voltage and temperature, or with real software. This course teaches how validation teams plan and execute post-silicon work: bring-up sequences, JTAG and on-chip debug infrastructure, register-level and system-level tests, electrical validation of IO interfaces, validation across process, voltage and temperature, and the debug methods used to root-cause silicon bugs and hand them back to design.',
      outcomes: [
        'Write a post-silicon validation plan from the product specification and pre-silicon results',
        'Execute a first-silicon bring-up sequence using JTAG, debug probes and scripted register access',
        'Run functional, stress and PVT validation and analyse failures statistically',
        'Describe electrical validation of high-speed IO: eye diagrams, jitter and margining',
        'Root-cause silicon failures using on-chip debug features, scan dumps and design collaboration',
      ],
      tools: [
        'Python',
        'OpenOCD and JTAG probes',
        'Lauterbach TRACE32',
        'Oscilloscopes and BERT (concepts)',
        'Thermal stream temperature forcing',
        'Jira',
      ],
      curriculum: [
        {
          title: 'Validation planning',
          descriptions: [
            'The gap between pre-silicon verification and silicon, and what validation must prove.',
            'Validation plans, test matrices across PVT, and readiness reviews before silicon arrives.',
          ],
        },
        {
          title: 'Bring-up and debug infrastructure',
          descriptions: [
            'Power-on sequencing, clock and reset checks, JTAG access and first register reads.',
            'On-chip debug: trace buffers, debug registers, scan dumps and processor debug with TRACE32.',
          ],
        },
        {
          title: 'Functional and electrical validation',
          descriptions: [
            'System-level tests, stress tests and temperature and voltage corner testing.',
            'IO electrical validation: eye diagrams, jitter, margining and compliance testing.',
          ],
        },
        {
          title: 'Silicon debug',
          descriptions: [
            'Isolating failures to a block, reproducing them in simulation and proposing fixes.',
            'Working with design, test and FA teams, and documenting errata and workarounds.',
          ],
        },
      ],
      why: {
        title: 'Why post-silicon validation?',
        description:
          'Validation decides when a chip can ship. It combines hardware, software and debugging skills, and validation engineers are hired by every chip company with products in production.',
        statistics: [
          { value: '4', text: 'Validation domains covered', icon: 'chart' },
          { value: '1', text: 'Bring-up project on a real development board', icon: 'briefcase' },
          { value: '6 weeks', text: 'Advanced hybrid course', icon: 'person' },
        ],
      },
      prequisites: ['Python scripting', 'Digital design or embedded systems fundamentals', 'Experience with lab instruments is helpful'],
    },
  },
  {
    id: 'course-32',
    title: 'Embedded Firmware Testing and Hardware-in-the-Loop',
    description:
      'Test microcontroller firmware at every level: unit tests in C with mocks, integration tests on target and hardware-in-the-loop test benches.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'st',
    details: {
      tagline: 'Catch firmware bugs on your laptop, on the board and in the loop.',
      description:
        'Firmware runs close to the hardware, which makes it hard to test. You will learn to design testable embedded C, write unit tests with Unity and CMock on the host, and use test doubles for registers and peripherals. You will then run integration tests on a real microcontroller board, measure timing, and build a hardware-in-the-loop bench where scripts stimulate inputs and check outputs automatically, with static analysis and MISRA C checks in the pipeline.',
      outcomes: [
        'Design embedded C code for testability with hardware abstraction and dependency injection',
        'Write host-based unit tests with Unity and CMock, including mocks of peripheral drivers',
        'Run on-target integration tests and measure timing and interrupt behaviour',
        'Build a hardware-in-the-loop bench that drives inputs and checks outputs automatically',
        'Add static analysis and MISRA C checks to a continuous integration pipeline',
      ],
      tools: ['Unity and CMock (Ceedling)', 'GCC for Arm', 'STM32 Nucleo development board', 'Robot Framework', 'cppcheck', 'GitLab CI'],
      curriculum: [
        {
          title: 'Testable firmware and unit tests',
          descriptions: [
            'Hardware abstraction layers, dependency injection and separating logic from registers.',
            'Unity test cases, CMock mocks and running tests on the host with Ceedling.',
          ],
        },
        {
          title: 'On-target testing',
          descriptions: [
            'Flashing and running tests on the board, semihosting and UART test output.',
            'Timing measurements, interrupt testing and fault injection.',
          ],
        },
        {
          title: 'Hardware-in-the-loop and CI',
          descriptions: [
            'A HIL bench with a second board generating stimuli and capturing outputs, driven by Robot Framework.',
            'Static analysis, MISRA C checks and an automated pipeline from commit to HIL results.',
          ],
        },
      ],
      why: {
        title: 'Why firmware testing?',
        description:
          'Automotive, industrial and IoT chips ship with firmware that must be dependable. Firmware test engineers with HIL experience are needed by chip vendors and their customers.',
        statistics: [
          { value: '3', text: 'Test levels automated: unit, target and HIL', icon: 'chart' },
          { value: '1', text: 'HIL bench project', icon: 'briefcase' },
          { value: '6 weeks', text: 'Hybrid course with lab days', icon: 'person' },
        ],
      },
      prequisites: ['C programming', 'Basic microcontroller or embedded systems experience', 'Software testing fundamentals'],
    },
  },
];
