import type { Course } from '../schemas';

export const processEngineeringCourses: Course[] = [
  {
    id: 'course-33',
    title: 'Semiconductor Fabrication Process Flow',
    description:
      'Follow a wafer through a CMOS fab: oxidation, lithography, etch, implantation, deposition, CMP and metallisation, and how each step is controlled.',
    level: 'Beginner',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pe',
    details: {
      tagline: 'Hundreds of steps, nanometre precision: see how a chip is really made.',
      description:
        'A modern CMOS wafer passes through hundreds of process steps over several weeks. This course walks through the full flow: cleanroom practice, wafer preparation, thermal oxidation, photolithography, etching, ion implantation and annealing, thin-film deposition, chemical mechanical planarisation, and copper damascene interconnects. You will see how front-end and back-end modules fit together, what metrology checks each step, and what a process engineer does on a typical day.',
      outcomes: [
        'Describe cleanroom classes, contamination control and wafer handling rules',
        'Explain each front-end step of a CMOS flow: isolation, wells, gate stack, spacers and source/drain',
        'Explain back-end steps: contacts, copper damascene, low-k dielectrics and passivation',
        'Identify the metrology and inspection used after each step and why',
        "Describe a process engineer's responsibilities: recipes, SPC, excursions and change control",
      ],
      tools: [
        'Process flow and cross-section diagrams',
        'Silvaco Victory Process (TCAD demonstration)',
        'Ellipsometry and four-point probe (lab demonstration)',
        'Optical microscopy',
        'SEMI standards',
        'Microsoft Excel',
      ],
      curriculum: [
        {
          title: 'The fab environment',
          descriptions: [
            'Cleanroom classes, gowning, particles and contamination, and wafer specifications.',
            'Fab organisation: process modules, integration, equipment, yield and manufacturing teams.',
          ],
        },
        {
          title: 'Front-end-of-line',
          descriptions: [
            'Shallow trench isolation, well implants, gate oxide and gate formation, spacers and source/drain.',
            'Thermal oxidation, ion implantation, rapid thermal annealing and silicidation.',
          ],
        },
        {
          title: 'Back-end-of-line',
          descriptions: [
            'Contacts and tungsten plugs, copper dual damascene, barrier and seed layers, and low-k dielectrics.',
            'CMP, passivation, bond pads, and wafer-level electrical test structures.',
          ],
        },
        {
          title: 'Process control',
          descriptions: [
            'Inline metrology: film thickness, critical dimension, overlay and defect inspection.',
            'Excursions, holds and the change-control discipline of a production fab.',
          ],
        },
      ],
      why: {
        title: 'Why process engineering?',
        description:
          'Wafer fabs in Kulim and Kuching, and new fabs across Asia, hire process engineers for every module. This course is the foundation for every fab role.',
        statistics: [
          { value: '4', text: 'Process modules covered end to end', icon: 'chart' },
          { value: '6 weeks', text: 'Hybrid course with lab demonstrations', icon: 'person' },
          { value: '5', text: 'Fab career paths explained', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Diploma or degree studies in engineering, physics, chemistry or materials science',
        'Basic chemistry and physics',
        'Interest in manufacturing environments',
      ],
    },
  },
  {
    id: 'course-34',
    title: 'Photolithography and Patterning',
    description:
      'Understand how circuit patterns are printed on wafers: photoresists, exposure tools, resolution limits, overlay, CD control and resolution enhancement.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pe',
    details: {
      tagline: 'Printing features smaller than the wavelength of light.',
      description:
        'Lithography sets the smallest features a fab can make and is the most expensive module in the fab. You will learn the track and scanner process sequence, photoresist chemistry, the Rayleigh resolution equation and depth of focus, and how numerical aperture, wavelength and k1 set limits. You will study overlay and critical dimension control, focus-exposure matrices, process windows, optical proximity correction, phase-shift masks, immersion and multiple patterning, and the basics of EUV lithography.',
      outcomes: [
        'Explain the lithography sequence: coat, soft bake, expose, post-exposure bake, develop and hard bake',
        'Apply the Rayleigh criterion and depth-of-focus equations to resolution trade-offs',
        'Analyse focus-exposure matrices and define a process window for CD',
        'Describe overlay measurement and correction and CD metrology with CD-SEM and scatterometry',
        'Explain OPC, phase-shift masks, immersion, multiple patterning and EUV',
      ],
      tools: [
        'KLayout for mask layouts',
        'Focus-exposure matrix analysis in Python',
        'CD-SEM images (case studies)',
        'Overlay metrology data',
        'JMP',
        'Resist datasheets',
      ],
      curriculum: [
        {
          title: 'Lithography process and materials',
          descriptions: [
            'Track processing, photoresist chemistry, chemically amplified resists and anti-reflective coatings.',
            'Steppers and scanners, masks and reticles, and exposure dose.',
          ],
        },
        {
          title: 'Resolution and process windows',
          descriptions: [
            'Rayleigh resolution, numerical aperture, k1 factor and depth of focus.',
            'Focus-exposure matrices, Bossung curves and process window analysis.',
          ],
        },
        {
          title: 'Control and advanced patterning',
          descriptions: [
            'Overlay and CD control loops, metrology sampling and run-to-run control.',
            'OPC, phase-shift masks, immersion, self-aligned multiple patterning and EUV basics.',
          ],
        },
      ],
      why: {
        title: 'Why lithography?',
        description:
          'Lithography engineers control the most critical and costly steps in the fab. Their skills are needed at fabs, mask shops and equipment suppliers.',
        statistics: [
          { value: '13.5 nm', text: 'Wavelength of EUV light', icon: 'chart' },
          { value: '193 nm', text: 'Wavelength of ArF immersion lithography', icon: 'person' },
          { value: '1', text: 'Process window study for your portfolio', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Semiconductor fabrication process flow basics',
        'Basic optics (wavelength, lenses)',
        'Spreadsheet or Python data analysis',
      ],
    },
  },
  {
    id: 'course-35',
    title: 'Plasma Etch and Thin-Film Deposition',
    description:
      'Learn how films are added and removed with atomic precision: plasma etch, CVD, PVD and ALD processes, their equipment and their control.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pe',
    details: {
      tagline: 'Add and remove material one layer at a time.',
      description:
        'Etch and deposition modules build every structure on the wafer. You will learn plasma physics at the level a process engineer needs, reactive ion etching and its selectivity, anisotropy, loading and endpoint detection. On the deposition side you will study thermal and plasma-enhanced CVD, sputtering (PVD), atomic layer deposition and electroplating, with film properties such as uniformity, stress and step coverage. You will use design of experiments to tune a recipe on realistic data.',
      outcomes: [
        'Explain plasma generation, ion and radical roles and the chemistry of common etch gases',
        'Control etch rate, selectivity, anisotropy, uniformity, loading and endpoint',
        'Compare CVD, PECVD, PVD, ALD and electroplating and select processes for given films',
        'Measure and interpret film thickness, uniformity, stress and step coverage',
        'Tune an etch or deposition recipe with design of experiments',
      ],
      tools: [
        'Optical emission endpoint data',
        'Ellipsometry',
        'Four-point probe',
        'Wafer bow stress measurement',
        'JMP for design of experiments',
        'SEM cross-section images',
      ],
      curriculum: [
        {
          title: 'Plasma etch',
          descriptions: [
            'Plasma basics, capacitively and inductively coupled reactors, and reactive ion etching.',
            'Selectivity, anisotropy, aspect-ratio dependent etch, loading, and optical emission endpoint.',
          ],
        },
        {
          title: 'Deposition processes',
          descriptions: [
            'Thermal and plasma-enhanced CVD, sputter deposition and atomic layer deposition.',
            'Film thickness, uniformity, stress, step coverage and conformality measurements.',
          ],
        },
        {
          title: 'Recipe development',
          descriptions: [
            'Process parameters and responses, and design of experiments for recipe tuning.',
            'Chamber matching, preventive maintenance effects and troubleshooting drift.',
          ],
        },
      ],
      why: {
        title: 'Why etch and deposition?',
        description:
          'Etch and deposition are the largest process modules in most fabs by number of tools and steps, so they employ many process and equipment engineers.',
        statistics: [
          { value: '5', text: 'Deposition and etch techniques compared', icon: 'chart' },
          { value: '1', text: 'DOE-based recipe study', icon: 'briefcase' },
          { value: '6 weeks', text: 'Hybrid course with lab demonstrations', icon: 'person' },
        ],
      },
      prequisites: ['Semiconductor fabrication process flow basics', 'Chemistry fundamentals', 'Basic statistics'],
    },
  },
  {
    id: 'course-36',
    title: 'CMP and Thin-Film Metrology',
    description:
      'Master chemical mechanical planarisation and the metrology that verifies every film: removal rate, dishing, erosion, defects and measurement systems.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pe',
    details: {
      tagline: 'Flat wafers and trustworthy measurements.',
      description:
        'Chemical mechanical planarisation makes multilayer interconnects possible, and metrology tells the fab whether each step worked. You will learn the Preston equation, pads, slurries and conditioning, oxide, tungsten and copper CMP, and the defects they create such as dishing, erosion, scratches and residues. You will then study metrology tools (ellipsometry, reflectometry, four-point probe, X-ray fluorescence, profilometry and defect inspection) and evaluate them with measurement system analysis.',
      outcomes: [
        'Explain CMP mechanics with the Preston equation and the roles of pad, slurry and conditioner',
        'Describe oxide, tungsten and copper CMP and control dishing and erosion',
        'Identify CMP defects and relate them to process and consumable causes',
        'Select metrology techniques for thickness, sheet resistance, composition and topography',
        'Assess measurement systems with gauge repeatability and reproducibility studies',
      ],
      tools: [
        'Ellipsometry and reflectometry',
        'Four-point probe',
        'Stylus profilometry',
        'X-ray fluorescence (XRF)',
        'Wafer defect inspection maps',
        'Minitab for Gauge R&R',
      ],
      curriculum: [
        {
          title: 'CMP fundamentals',
          descriptions: [
            'Preston equation, pad and slurry properties, conditioning and within-wafer uniformity.',
            'Oxide, STI, tungsten and copper CMP, and endpoint detection.',
          ],
        },
        {
          title: 'CMP defects and control',
          descriptions: [
            'Dishing, erosion, scratches, slurry residue and corrosion, and their root causes.',
            'Pattern density effects, dummy fill and post-CMP cleaning.',
          ],
        },
        {
          title: 'Metrology and measurement systems',
          descriptions: [
            'Thin-film thickness, sheet resistance, composition and topography measurements.',
            'Gauge R&R, calibration, and choosing sampling plans for production.',
          ],
        },
      ],
      why: {
        title: 'Why CMP and metrology?',
        description:
          'Every interconnect layer needs CMP and every step needs metrology. These skills are in demand at fabs, consumables suppliers and metrology equipment companies.',
        statistics: [
          { value: '6', text: 'Metrology techniques practised', icon: 'chart' },
          { value: '1', text: 'Gauge R&R study for your portfolio', icon: 'briefcase' },
          { value: '6 weeks', text: 'Hybrid course with lab demonstrations', icon: 'person' },
        ],
      },
      prequisites: ['Semiconductor fabrication process flow basics', 'Basic chemistry and mechanics', 'Basic statistics'],
    },
  },
  {
    id: 'course-37',
    title: 'Statistical Process Control and Yield Enhancement',
    description:
      'Keep processes stable and improve yield with SPC charts, capability indices, design of experiments and wafer-map analysis.',
    level: 'Intermediate',
    mode: 'Online',
    length: '4 weeks',
    feature: false,
    path: 'pe',
    details: {
      tagline: 'Turn fab and test data into higher yield.',
      description:
        'Fabs and assembly lines live and die by yield. This course teaches the statistical tools engineers use every day: control charts and the Western Electric rules, out-of-control action plans, process capability (Cp and Cpk), measurement system analysis, and design of experiments. You will also learn yield models, wafer-map pattern recognition, and how to correlate inline, parametric and sort data to find the cause of yield loss, using Python and JMP on realistic data sets.',
      outcomes: [
        'Build and interpret X-bar/R, I-MR and p control charts and apply Western Electric rules',
        'Calculate Cp and Cpk and judge whether a process can meet its specification',
        'Plan and analyse factorial design of experiments to find significant factors',
        'Apply Poisson and negative binomial yield models and recognise wafer-map signatures',
        'Correlate inline, parametric and wafer sort data to find the root cause of yield loss',
      ],
      tools: ['JMP', 'Minitab', 'Python with pandas and SciPy', 'Wafer map visualisation', 'Microsoft Excel', 'Six Sigma DMAIC'],
      curriculum: [
        {
          title: 'Statistical process control',
          descriptions: [
            'Variation, control limits versus specification limits, and X-bar/R, I-MR and attribute charts.',
            'Western Electric rules, out-of-control action plans and process capability (Cp, Cpk).',
          ],
        },
        {
          title: 'Design of experiments',
          descriptions: [
            'Full and fractional factorial designs, main effects and interactions, and ANOVA.',
            'Response surfaces for optimising a process window.',
          ],
        },
        {
          title: 'Yield analysis',
          descriptions: [
            'Yield models, defect density, and systematic versus random yield loss.',
            'Wafer-map signatures, commonality analysis and a yield improvement case study.',
          ],
        },
      ],
      why: {
        title: 'Why yield engineering?',
        description:
          'A single percentage point of yield can be worth millions a year in a high-volume fab. Engineers who can find yield loss in data are valued everywhere in manufacturing.',
        statistics: [
          { value: '1.33', text: 'Minimum Cpk commonly required for a capable process', icon: 'chart' },
          { value: '4 weeks', text: 'Fully online with live data clinics', icon: 'person' },
          { value: '1', text: 'Yield improvement case study', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Basic statistics: mean, standard deviation and distributions',
        'Spreadsheet skills',
        'Manufacturing or process engineering basics',
      ],
    },
  },
  {
    id: 'course-38',
    title: 'Assembly and Packaging Process Engineering',
    description:
      'Run the back-end: wafer grinding, dicing, die attach, wire bonding, flip-chip, moulding and final finish, with the process control that keeps yields high.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'pe',
    details: {
      tagline: 'Where Malaysia leads the world: semiconductor assembly.',
      description:
        'Assembly turns tested wafers into packaged devices. You will learn each step of the back-end process: wafer back-grinding and taping, blade and laser dicing, die attach with epoxy and solder, gold and copper wire bonding, flip-chip bumping, reflow and underfill, transfer moulding, post-mould cure, marking, plating, and trim and form or singulation. For each step you will study key parameters, typical defects and the inspections and tests used to control them.',
      outcomes: [
        'Describe each step of leadframe and substrate package assembly flows',
        'Set up and optimise wire bonding parameters and interpret ball shear and wire pull results',
        'Explain flip-chip attach, reflow profiles and underfill processes',
        'Identify common assembly defects such as voids, delamination, wire sweep and die cracks',
        'Apply moisture sensitivity levels (J-STD-020) and control plans to assembly processes',
      ],
      tools: [
        'Wire bond pull and ball shear testing',
        'X-ray inspection',
        'Scanning acoustic microscopy (C-SAM)',
        'IPC/JEDEC J-STD-020',
        'JMP',
        'Process FMEA and control plans',
      ],
      curriculum: [
        {
          title: 'Wafer preparation and die attach',
          descriptions: [
            'Back-grinding, stress relief, wafer mounting, blade and stealth laser dicing.',
            'Die attach with epoxy, film and solder; bond line thickness, voids and fillet control.',
          ],
        },
        {
          title: 'Interconnect',
          descriptions: [
            'Thermosonic gold and copper wire bonding, bond parameters, ball shear and wire pull tests.',
            'Flip-chip bumping, reflow profiles, underfill flow and cure.',
          ],
        },
        {
          title: 'Encapsulation and finishing',
          descriptions: [
            'Transfer and compression moulding, post-mould cure, marking, plating, trim and form and singulation.',
            'Moisture sensitivity levels, dry packing and the popcorn effect.',
          ],
        },
        {
          title: 'Quality and control',
          descriptions: [
            'Inspection methods: optical, X-ray and acoustic microscopy, and their defect signatures.',
            'Process FMEA, control plans and a defect reduction project.',
          ],
        },
      ],
      why: {
        title: 'Why assembly process engineering?',
        description:
          "Malaysia hosts many of the world's major assembly and test sites, from global OSATs to IDMs' own back-end factories, and they continually hire process engineers.",
        statistics: [
          { value: '~13%', text: 'Of global assembly, test and packaging capacity is in Malaysia', icon: 'chart' },
          { value: '10+', text: 'Assembly steps covered in depth', icon: 'person' },
          { value: '1', text: 'Defect reduction project', icon: 'briefcase' },
        ],
      },
      prequisites: ['Engineering or science diploma or degree', 'Basic materials science', 'Basic statistics'],
    },
  },
];
