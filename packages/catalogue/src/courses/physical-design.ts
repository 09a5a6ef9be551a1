import type { Course } from '../schemas';

export const physicalDesignCourses: Course[] = [
  {
    id: 'course-16',
    title: 'Physical Design Flow: Netlist to GDSII',
    description:
      'Follow a synthesised netlist through floorplanning, placement, clock tree synthesis, routing and sign-off to a tape-out ready GDSII layout.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pd',
    details: {
      tagline: 'See the whole implementation flow before you specialise in any part of it.',
      description:
        'Physical design turns a gate-level netlist into the geometric layout that a foundry manufactures. Using the open-source OpenROAD flow on the SkyWater SKY130 process, and demonstrations in Cadence Innovus and Synopsys IC Compiler II, you will run every step: importing libraries and constraints, floorplanning, power planning, placement, clock tree synthesis, routing, parasitic extraction, timing sign-off and physical verification. You will finish with a small design taken all the way to a clean GDSII.',
      outcomes: [
        'Explain the inputs of physical design: netlist, SDC, Liberty, LEF, technology files and design rules',
        'Run floorplanning, placement, clock tree synthesis and routing and judge the quality of each step',
        'Read congestion maps, timing reports and utilisation figures and adjust the flow accordingly',
        'Extract parasitics and perform timing sign-off with static timing analysis',
        'Produce a DRC- and LVS-clean GDSII layout for a small design',
      ],
      tools: [
        'OpenROAD and OpenROAD-flow-scripts',
        'SkyWater SKY130 PDK',
        'Cadence Innovus',
        'Synopsys IC Compiler II',
        'KLayout',
        'Magic VLSI',
      ],
      curriculum: [
        {
          title: 'Inputs and floorplanning',
          descriptions: [
            'Libraries (Liberty, LEF), technology rules, netlists and constraints, and how a design database is built.',
            'Die and core sizing, IO placement, macro placement and power grid planning.',
          ],
        },
        {
          title: 'Placement and clock tree synthesis',
          descriptions: [
            'Global and detailed placement, timing-driven placement, congestion and optimisation.',
            'Clock tree synthesis: skew, latency, insertion delay, clock buffers and useful skew.',
          ],
        },
        {
          title: 'Routing and sign-off',
          descriptions: [
            'Global and detailed routing, antenna effects, metal fill and signal integrity basics.',
            'Parasitic extraction, static timing sign-off, DRC, LVS and streaming out GDSII.',
          ],
        },
      ],
      why: {
        title: 'Why physical design?',
        description:
          "Every chip needs physical designers, and the role combines algorithms, electrical engineering and problem solving. Malaysia's growing design centres hire physical design engineers at every level.",
        statistics: [
          { value: '1', text: 'Design taken from netlist to GDSII', icon: 'briefcase' },
          { value: '8', text: 'Flow steps run hands-on', icon: 'chart' },
          { value: '6 weeks', text: 'Hybrid course with lab days', icon: 'person' },
        ],
      },
      prequisites: ['Digital logic and basic RTL knowledge', 'Understanding of setup and hold timing', 'Linux command line and basic Tcl'],
    },
  },
  {
    id: 'course-17',
    title: 'Floorplanning and Power Planning',
    description:
      'Plan the chip: die size, macro placement, IO rings, power domains and a robust power delivery network verified for IR drop and electromigration.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pd',
    details: {
      tagline: 'A good floorplan makes every later step easier.',
      description:
        'Most timing and congestion problems in physical design are decided at floorplanning. This course teaches how to size a die, place hard macros such as SRAMs and analog blocks, plan the IO ring and pad placement, and create power domains for low-power designs. You will then design the power delivery network (rings, straps, rails and vias) and analyse static and dynamic IR drop and electromigration to sign off the grid.',
      outcomes: [
        'Estimate die size from gate count, macro area, utilisation targets and IO requirements',
        'Place macros with channels, halos and data-flow awareness to minimise congestion and wire length',
        'Implement multiple power domains with isolation and level-shifter placement from UPF',
        'Design power rings, straps and rails and calculate the width needed for current and EM limits',
        'Run static and dynamic IR drop and electromigration analysis and fix hot spots',
      ],
      tools: ['Cadence Innovus', 'Synopsys IC Compiler II', 'Ansys RedHawk-SC', 'Cadence Voltus', 'OpenROAD', 'IEEE 1801 UPF'],
      curriculum: [
        {
          title: 'Die and macro planning',
          descriptions: [
            'Die sizing, aspect ratio, core utilisation and IO/pad ring planning.',
            'Macro placement using data-flow analysis, blockages, halos and routing channels.',
          ],
        },
        {
          title: 'Power domains and low-power floorplans',
          descriptions: [
            'Reading UPF into implementation, power domain regions and always-on routing.',
            'Placing power switches, isolation cells and level shifters.',
          ],
        },
        {
          title: 'Power delivery network',
          descriptions: [
            'Power rings, straps, follow-pin rails and via stacks, and estimating current density.',
            'Static and dynamic IR drop, electromigration checks and decoupling capacitor insertion.',
          ],
        },
      ],
      why: {
        title: 'Why focus on floorplanning?',
        description:
          'Floorplanning decisions are expensive to change later. Engineers who can plan a die and its power grid are trusted with top-level and full-chip responsibility.',
        statistics: [
          { value: '3', text: 'Floorplans built and compared', icon: 'chart' },
          { value: '1', text: 'Signed-off power grid for your portfolio', icon: 'briefcase' },
          { value: '6 weeks', text: 'Hybrid course with lab days', icon: 'person' },
        ],
      },
      prequisites: [
        'Physical design flow basics (netlist to GDSII)',
        'Understanding of resistance, current and power',
        'Tcl scripting for EDA tools',
      ],
    },
  },
  {
    id: 'course-18',
    title: 'Placement, Clock Tree Synthesis and Routing',
    description:
      'Go deep into the core implementation steps: timing-driven placement, building balanced clock trees and routing with signal integrity in mind.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pd',
    details: {
      tagline: 'From a placed design to a routed, timing-clean block.',
      description:
        'This course focuses on the optimisation loops where physical designers spend most of their time. You will control placement density and timing-driven optimisation, build clock trees with skew and latency targets, use clock tree specifications and non-default routing rules, and route designs while managing congestion, crosstalk, antenna violations and design-for-manufacturing rules. Each lab ends with timing and DRC closure on a realistic block.',
      outcomes: [
        'Tune placement density, timing-driven optimisation and buffering to close setup timing',
        'Build clock trees with skew, latency and transition targets and use non-default routing rules',
        'Fix hold violations after CTS and understand useful skew and clock gating in CTS',
        'Route designs while controlling congestion, crosstalk, antenna effects and DFM rules',
        'Close timing and DRC on a block through post-route optimisation and ECOs',
      ],
      tools: [
        'Cadence Innovus',
        'Synopsys IC Compiler II',
        'Synopsys StarRC',
        'Synopsys PrimeTime SI',
        'OpenROAD (TritonCTS and TritonRoute)',
        'Tcl',
      ],
      curriculum: [
        {
          title: 'Placement optimisation',
          descriptions: [
            'Placement density, bounds, scan-chain reordering and timing-driven placement.',
            'Buffering, sizing and logic restructuring during pre-CTS optimisation.',
          ],
        },
        {
          title: 'Clock tree synthesis',
          descriptions: [
            'CTS specifications, skew groups, latency targets, clock buffers versus inverters and NDRs.',
            'Post-CTS hold fixing, useful skew, and clock gating cells in the clock tree.',
          ],
        },
        {
          title: 'Routing',
          descriptions: [
            'Global routing, track assignment and detailed routing, congestion analysis and fixes.',
            'Crosstalk delay and noise, antenna fixes, via doubling and DFM-aware routing.',
          ],
        },
        {
          title: 'Closure and ECOs',
          descriptions: [
            'Post-route optimisation across corners and fixing the last timing and DRC violations.',
            'Functional and timing ECOs with metal-only changes.',
          ],
        },
      ],
      why: {
        title: 'Why master the core steps?',
        description:
          'Placement, CTS and routing quality decide whether a block meets its frequency target. Engineers who close difficult blocks are the backbone of every physical design team.',
        statistics: [
          { value: '4', text: 'Block closure labs', icon: 'chart' },
          { value: '0', text: 'DRC and timing violations: the sign-off target', icon: 'person' },
          { value: '1', text: 'Closed block for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: ['Physical design flow basics', 'Static timing analysis fundamentals', 'Tcl scripting'],
    },
  },
  {
    id: 'course-19',
    title: 'Static Timing Analysis with PrimeTime',
    description:
      'Sign off timing like industry teams do: timing paths, corners and modes, on-chip variation, signal integrity and timing ECOs.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pd',
    details: {
      tagline: 'Prove your chip runs at speed in every corner, without simulating a single vector.',
      description:
        'Static timing analysis checks every timing path in a design against its constraints. You will learn how delays are calculated from Liberty tables and extracted parasitics, analyse setup, hold, recovery, removal and clock-gating checks, and understand clock skew, latency and uncertainty. You will then work with multi-corner multi-mode analysis, on-chip variation (OCV, AOCV and POCV), crosstalk-aware timing, and timing ECO generation in Synopsys PrimeTime, with OpenSTA for hands-on practice at home.',
      outcomes: [
        'Explain cell and net delay calculation from Liberty NLDM/CCS models and SPEF parasitics',
        'Analyse setup, hold, recovery, removal and clock-gating checks and read detailed path reports',
        'Handle clocks correctly: generated clocks, latency, uncertainty, CRPR and clock groups',
        'Set up multi-corner multi-mode analysis with OCV, AOCV and POCV derating',
        'Analyse crosstalk effects and generate timing ECOs to close violations',
      ],
      tools: ['Synopsys PrimeTime', 'Cadence Tempus', 'OpenSTA', 'Synopsys StarRC', 'Liberty and SPEF formats', 'Tcl'],
      curriculum: [
        {
          title: 'Timing fundamentals',
          descriptions: [
            'Timing paths and startpoints/endpoints, setup and hold equations, slack and path reports.',
            'Delay calculation from Liberty lookup tables, slew propagation and parasitic annotation.',
          ],
        },
        {
          title: 'Clocks and constraints',
          descriptions: [
            'Clock definitions, generated clocks, source and network latency, uncertainty and CRPR.',
            'Timing exceptions, case analysis, and checking constraints for completeness.',
          ],
        },
        {
          title: 'Variation and signal integrity',
          descriptions: [
            'PVT corners, multi-corner multi-mode analysis, OCV, AOCV and POCV derating.',
            'Crosstalk delta delay and glitch noise, and analysing SI-aware timing.',
          ],
        },
        {
          title: 'Timing closure',
          descriptions: [
            'Diagnosing violation patterns and choosing fixes: sizing, buffering, Vt swap and useful skew.',
            'Generating and validating timing ECOs and preparing a timing sign-off report.',
          ],
        },
      ],
      why: {
        title: 'Why STA?',
        description:
          'Every tape-out needs timing sign-off, and STA knowledge is essential for logic designers, physical designers and dedicated timing engineers alike.',
        statistics: [
          { value: '3', text: 'Roles that rely on STA every day', icon: 'briefcase' },
          { value: '15+', text: 'Timing analysis labs', icon: 'chart' },
          { value: '6 weeks', text: 'Advanced hybrid course', icon: 'person' },
        ],
      },
      prequisites: ['Digital design and synthesis basics', 'Understanding of setup and hold time', 'Tcl scripting'],
    },
  },
  {
    id: 'course-20',
    title: 'Physical Verification: DRC, LVS and Sign-off',
    description:
      'Check that a layout can be manufactured and matches its schematic: design rule checks, layout versus schematic, antenna, density and ERC.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pd',
    details: {
      tagline: 'The last line of defence before tape-out.',
      description:
        'A layout must follow thousands of foundry design rules and match its netlist exactly before it can be manufactured. You will learn the main rule types (width, spacing, enclosure, density, antenna), run DRC and read violation markers, run LVS and debug opens, shorts and device mismatches, and perform electrical rule checks. You will use Siemens Calibre alongside the open-source KLayout, Magic and Netgen tools on the SKY130 process.',
      outcomes: [
        'Explain common design rules: width, spacing, enclosure, extension, density and antenna rules',
        'Run DRC, interpret results in a layout viewer and fix violations',
        'Run LVS and debug opens, shorts, missing devices and parameter mismatches',
        'Perform electrical rule checks, antenna checks and metal fill for density',
        'Prepare the physical sign-off checklist for a tape-out',
      ],
      tools: ['Siemens Calibre nmDRC and nmLVS', 'KLayout', 'Magic VLSI', 'Netgen', 'SkyWater SKY130 PDK', 'Synopsys IC Validator'],
      curriculum: [
        {
          title: 'Design rules and DRC',
          descriptions: [
            'Layers, GDSII and OASIS, and how foundries describe rules in rule decks.',
            'Running DRC, reviewing results and fixing spacing, width, enclosure and density violations.',
          ],
        },
        {
          title: 'LVS and ERC',
          descriptions: [
            'Device and connectivity extraction, netlist comparison and reading LVS reports.',
            'Debugging shorts, opens and device mismatches; electrical rule checks and antenna checks.',
          ],
        },
        {
          title: 'Tape-out sign-off',
          descriptions: [
            'Metal fill, density checks, seal rings and pad checks, and the tape-out checklist.',
            'A full sign-off of a mixed design with both standard cells and a custom layout block.',
          ],
        },
      ],
      why: {
        title: 'Why physical verification?',
        description:
          'A single missed violation can scrap a mask set that costs millions. Physical verification engineers are needed by design houses, foundries and layout service companies.',
        statistics: [
          { value: '0', text: 'Violations allowed at tape-out', icon: 'chart' },
          { value: '3', text: 'Open-source and commercial tools practised', icon: 'person' },
          { value: '1', text: 'Clean sign-off database for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: ['Basic CMOS layout concepts', 'Linux command line', 'Physical design flow basics are helpful but not required'],
    },
  },
];
