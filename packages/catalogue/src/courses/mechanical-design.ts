import type { Course } from '../schemas';

export const mechanicalDesignCourses: Course[] = [
  {
    id: 'course-25',
    title: 'IC Package Design Fundamentals',
    description:
      'Learn how chips are packaged: leadframe and substrate packages, wire bond and flip-chip interconnects, package selection and substrate layout basics.',
    level: 'Beginner',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'md',
    details: {
      tagline: 'The package protects the die, connects it to the board and carries away its heat.',
      description:
        'A bare die cannot be used on its own. This course explains what a package must do (electrical connection, mechanical protection, heat removal) and the main package families: leadframe packages such as QFN and QFP, substrate packages such as BGA, flip-chip, wafer-level chip-scale packages and system-in-package. You will compare wire bonding with flip-chip bumping, read package drawings and JEDEC outlines, and lay out a simple two-layer BGA substrate.',
      outcomes: [
        'Explain the electrical, mechanical and thermal functions of an IC package',
        'Compare QFN, QFP, BGA, flip-chip, WLCSP and system-in-package constructions',
        'Describe wire bonding, flip-chip bumping and the materials of each package layer',
        'Read package outline drawings and JEDEC standards and check die-to-package fit',
        'Create a basic BGA substrate layout with escape routing and bond fingers',
      ],
      tools: [
        'Cadence Allegro Package Designer+',
        'Siemens Xpedition Substrate Integrator',
        'Autodesk AutoCAD',
        'SolidWorks',
        'JEDEC package outline standards',
        'Microsoft Excel',
      ],
      curriculum: [
        {
          title: 'Package functions and families',
          descriptions: [
            'Why packages exist, and leadframe, laminate substrate, ceramic and wafer-level packages.',
            'Advanced packaging: flip-chip, 2.5D interposers, fan-out wafer-level packaging and chiplets.',
          ],
        },
        {
          title: 'Interconnects and materials',
          descriptions: [
            'Gold and copper wire bonding, bond pads and bond fingers, and flip-chip solder and copper pillar bumps.',
            'Die attach, mould compound, underfill and substrate materials and their properties.',
          ],
        },
        {
          title: 'Substrate design basics',
          descriptions: [
            'Package drawings, ball maps, netlists and design rules for substrate manufacturing.',
            'Laying out a two-layer BGA substrate with escape routing, planes and vias.',
          ],
        },
      ],
      why: {
        title: 'Why packaging?',
        description:
          "Malaysia is one of the world's largest hubs for semiconductor assembly, test and packaging, and advanced packaging is now a key driver of chip performance.",
        statistics: [
          { value: '~13%', text: 'Of global assembly, test and packaging capacity is in Malaysia', icon: 'chart' },
          { value: '6', text: 'Package families compared', icon: 'person' },
          { value: '1', text: 'BGA substrate layout for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Diploma or degree in mechanical, electrical or materials engineering (or studying towards one)',
        'Basic engineering drawing skills',
        'Comfort with a CAD tool is helpful',
      ],
    },
  },
  {
    id: 'course-26',
    title: 'Thermal Analysis of Electronic Packages',
    description:
      'Predict and reduce chip temperatures: thermal resistance metrics, JEDEC test methods, heat sinks and CFD simulation of packages and boards.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'md',
    details: {
      tagline: 'Heat is the limit of modern chips: learn to manage it.',
      description:
        'Junction temperature drives performance, reliability and lifetime. You will learn conduction, convection and radiation in electronics, the thermal resistance metrics in datasheets (θJA, θJC, θJB, ΨJT) and the JEDEC JESD51 test methods behind them. You will build compact and detailed thermal models of packages, simulate a package on a board with airflow using computational fluid dynamics, and evaluate heat sinks, thermal interface materials and thermal vias.',
      outcomes: [
        'Apply conduction, convection and radiation heat transfer to electronic assemblies',
        'Interpret θJA, θJC, θJB and ΨJT and the JEDEC JESD51 conditions they are measured under',
        'Build thermal resistance networks and estimate junction temperature by hand',
        'Create and run CFD simulations of a package on a PCB with natural and forced convection',
        'Choose heat sinks, thermal interface materials and PCB thermal vias to meet a temperature limit',
      ],
      tools: [
        'Ansys Icepak',
        'Siemens Simcenter Flotherm',
        'Ansys Mechanical (thermal)',
        'JEDEC JESD51 standards',
        'Python for thermal calculations',
        'Infrared thermography (demonstration)',
      ],
      curriculum: [
        {
          title: 'Heat transfer for electronics',
          descriptions: [
            'Conduction, convection and radiation, thermal conductivity of package materials, and spreading resistance.',
            'Resistor-network models and hand calculation of junction temperature.',
          ],
        },
        {
          title: 'Package thermal metrics',
          descriptions: [
            'θJA, θJC, θJB and ΨJT: definitions, uses and misuses in datasheets.',
            'JEDEC JESD51 test boards and environments, and compact two-resistor and DELPHI models.',
          ],
        },
        {
          title: 'Thermal simulation',
          descriptions: [
            'Building detailed package models, meshing, boundary conditions and validating against measurements.',
            'Board-level CFD with airflow, heat sinks and thermal interface materials, and a design trade-off study.',
          ],
        },
      ],
      why: {
        title: 'Why thermal engineering?',
        description:
          'Higher power densities in AI, automotive and power electronics make thermal design a bottleneck. Thermal engineers are needed by chip makers, OSATs and system companies.',
        statistics: [
          { value: '3', text: 'Simulation projects from package to system', icon: 'chart' },
          { value: '4', text: 'Datasheet thermal metrics mastered', icon: 'person' },
          { value: '1', text: 'Thermal design report for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Engineering degree or diploma with heat transfer or thermodynamics',
        'Basic knowledge of IC packages',
        'Experience with any CAD or simulation tool',
      ],
    },
  },
  {
    id: 'course-27',
    title: 'Warpage, Stress and Reliability Simulation',
    description:
      'Use finite element analysis to predict package warpage, interfacial stress and solder joint fatigue, and relate results to JEDEC reliability tests.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'md',
    details: {
      tagline: 'Find cracks, delamination and warpage on the computer, not in qualification.',
      description:
        'Packages combine silicon, copper, polymers and solder with very different coefficients of thermal expansion, so temperature changes create stress and warpage. You will build finite element models of packages, apply temperature profiles from assembly reflow and temperature cycling, and predict warpage, die stress and interfacial delamination risk. You will model solder as a viscoplastic material, estimate fatigue life with energy-based models, and correlate simulations with shadow moiré measurements and JEDEC test results.',
      outcomes: [
        'Explain CTE mismatch, thermo-mechanical stress and the sources of warpage in packages',
        'Build and mesh finite element models of packages with appropriate material models',
        'Simulate reflow and temperature cycling and predict warpage and stress',
        'Estimate solder joint fatigue life using creep models and energy-based life prediction',
        'Correlate simulations with shadow moiré data and JEDEC JESD22 reliability results',
      ],
      tools: [
        'Ansys Mechanical',
        'Abaqus FEA',
        'Ansys SpaceClaim',
        'JEDEC JESD22-A104 temperature cycling',
        'Shadow moiré warpage data',
        'Python for post-processing',
      ],
      curriculum: [
        {
          title: 'Thermo-mechanical fundamentals',
          descriptions: [
            'Stress and strain, CTE mismatch, glass transition of polymers and viscoelastic mould compounds.',
            'Sources of warpage in moulded and flip-chip packages during assembly and use.',
          ],
        },
        {
          title: 'Finite element modelling',
          descriptions: [
            'Geometry simplification, meshing, symmetry, contacts and temperature-dependent material data.',
            'Simulating cure shrinkage and reflow and predicting warpage at room and reflow temperature.',
          ],
        },
        {
          title: 'Solder joint reliability',
          descriptions: [
            'Creep and viscoplastic solder models, temperature cycling profiles and accumulated energy density.',
            'Fatigue life prediction and comparison of board-level reliability for design options.',
          ],
        },
        {
          title: 'Correlation and design decisions',
          descriptions: [
            'Comparing results with shadow moiré and cross-section data from failure analysis.',
            'A design-of-experiments study of substrate thickness, mould compound and underfill choices.',
          ],
        },
      ],
      why: {
        title: 'Why reliability simulation?',
        description:
          'Simulation shortens qualification cycles and prevents costly field failures. Engineers who combine FEA with reliability knowledge are highly valued in advanced packaging.',
        statistics: [
          { value: '4', text: 'Finite element projects', icon: 'chart' },
          { value: '1,000', text: 'Temperature cycles a typical qualification runs', icon: 'person' },
          { value: '1', text: 'Reliability simulation report for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Mechanics of materials (stress, strain, thermal expansion)',
        'IC package fundamentals',
        'Basic finite element analysis experience is an advantage',
      ],
    },
  },
  {
    id: 'course-28',
    title: 'Mechanical CAD and GD&T for Semiconductor Equipment',
    description:
      'Design precise parts for wafer handling, test handlers and sockets using 3D CAD, geometric dimensioning and tolerancing, and tolerance stack-up analysis.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'md',
    details: {
      tagline: 'Precision mechanics for an industry that works in microns.',
      description:
        'Semiconductor equipment, test handlers, test sockets and wafer-handling fixtures need parts made to tight tolerances and clean, reliable mechanisms. You will model parts and assemblies in 3D CAD, produce manufacturing drawings with GD&T according to ASME Y14.5, and analyse tolerance stack-ups. You will also cover material selection for cleanroom and ESD-safe use, design for manufacturing and assembly, and finish with the design of a test socket alignment fixture.',
      outcomes: [
        'Model parts and assemblies and create production drawings in 3D CAD',
        'Apply ASME Y14.5 GD&T: datums, form, orientation, location and profile tolerances',
        'Perform worst-case and statistical tolerance stack-up analysis',
        'Select materials and finishes for cleanroom, vacuum and ESD-sensitive environments',
        'Apply design for manufacturing and assembly to machined and sheet-metal parts',
      ],
      tools: ['SolidWorks', 'Siemens NX', 'PTC Creo', 'ASME Y14.5 GD&T', 'Autodesk Fusion', 'Microsoft Excel for tolerance stacks'],
      curriculum: [
        {
          title: 'CAD modelling and drawings',
          descriptions: [
            'Parametric part modelling, assemblies, mates and design intent.',
            'Manufacturing drawings, views, sections and title blocks to company standards.',
          ],
        },
        {
          title: 'GD&T and tolerance analysis',
          descriptions: [
            'Datum reference frames, feature control frames, position, profile and material condition modifiers.',
            'Worst-case and root-sum-square stack-ups for an alignment mechanism.',
          ],
        },
        {
          title: 'Designing for the semiconductor environment',
          descriptions: [
            'Cleanroom-compatible and ESD-safe materials, particle generation and vacuum considerations.',
            'Design for manufacturing and assembly, and a capstone test-socket alignment fixture.',
          ],
        },
      ],
      why: {
        title: 'Why mechanical design for semiconductors?',
        description:
          'Equipment makers, automation companies and test hardware suppliers in Penang, Kedah and Selangor need mechanical engineers who understand semiconductor requirements.',
        statistics: [
          { value: '1', text: 'Complete fixture design with drawings', icon: 'briefcase' },
          { value: '12', text: 'Geometric tolerance symbols in ASME Y14.5-2018', icon: 'chart' },
          { value: '6 weeks', text: 'Hybrid course with CAD lab days', icon: 'person' },
        ],
      },
      prequisites: ['Mechanical engineering drawing fundamentals', 'Basic experience with any CAD tool', 'Engineering mathematics'],
    },
  },
];
