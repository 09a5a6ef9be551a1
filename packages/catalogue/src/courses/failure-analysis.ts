import type { Course } from '../schemas';

export const failureAnalysisCourses: Course[] = [
  {
    id: 'course-39',
    title: 'Introduction to Failure Analysis',
    description:
      'Learn the failure analysis flow: from a customer return to root cause, using non-destructive inspection, electrical verification, decapsulation and reporting.',
    level: 'Beginner',
    mode: 'Online',
    length: '4 weeks',
    feature: false,
    path: 'fa',
    details: {
      tagline: 'Every failure has a cause: learn the method that finds it.',
      description:
        'Failure analysis explains why a device failed so that the cause can be removed. This course introduces the standard FA flow and the reasoning behind each step: gathering history, electrical verification with curve tracing, non-destructive inspection with optical microscopy, X-ray and scanning acoustic microscopy, decapsulation, fault isolation and physical analysis. You will learn common failure mechanisms such as electrical overstress, ESD damage, corrosion and delamination, and how to write an FA report that supports an 8D corrective action.',
      outcomes: [
        'Describe the failure analysis flow and why non-destructive steps come first',
        'Verify failures electrically with curve tracing and compare against known-good units',
        'Interpret optical, X-ray and C-SAM images to find package-level anomalies',
        'Recognise common failure mechanisms: EOS, ESD, corrosion, electromigration and delamination',
        'Write a clear FA report and contribute to 8D root-cause and corrective action',
      ],
      tools: [
        'Curve tracer',
        'Optical stereo microscope',
        'Real-time X-ray inspection',
        'Scanning acoustic microscopy (C-SAM)',
        'Chemical and laser decapsulation (demonstration)',
        '8D problem-solving method',
      ],
      curriculum: [
        {
          title: 'The FA mindset and flow',
          descriptions: [
            'Why FA matters for yield, reliability and customer returns, and the standard analysis flow.',
            'Collecting failure history, preserving evidence and planning an analysis.',
          ],
        },
        {
          title: 'Electrical and non-destructive analysis',
          descriptions: [
            'Curve tracing, IV signatures of opens, shorts and leakage, and bench retest.',
            'Optical inspection, 2D/3D X-ray for wires and voids, and C-SAM for delamination and cracks.',
          ],
        },
        {
          title: 'Failure mechanisms and reporting',
          descriptions: [
            'Electrical overstress, ESD, corrosion, electromigration, die cracks and delamination with case studies.',
            'Writing FA reports, 8D discipline and working with quality and customer teams.',
          ],
        },
      ],
      why: {
        title: 'Why failure analysis?',
        description:
          'FA labs at fabs, assembly sites and service labs need analysts who combine curiosity with method. This course is the entry point into FA, reliability and quality careers.',
        statistics: [
          { value: '10+', text: 'Real case studies analysed', icon: 'chart' },
          { value: '4 weeks', text: 'Fully online with recorded lab demonstrations', icon: 'person' },
          { value: '3', text: 'Career paths: FA, reliability and quality', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Diploma or degree studies in engineering, physics, chemistry or materials science',
        'Basic electronics',
        'Curiosity and patience for detailed investigation',
      ],
    },
  },
  {
    id: 'course-40',
    title: 'Electrical Fault Isolation: EMMI, OBIRCH and Thermal Imaging',
    description:
      'Locate defects inside a working die with photon emission microscopy, laser stimulation, lock-in thermography and nanoprobing.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'fa',
    details: {
      tagline: 'Find a nanometre defect among billions of transistors.',
      description:
        'Before a defect can be cross-sectioned it has to be found. This course covers the global and local fault isolation techniques used in FA labs: photon emission microscopy (EMMI) with InGaAs cameras, laser-based techniques such as OBIRCH and TIVA, lock-in thermography for shorts and leakage, and backside analysis through thinned silicon. You will also learn how scan diagnosis narrows logic failures to suspect nets, and how nanoprobing characterises individual transistors.',
      outcomes: [
        'Choose the right fault isolation technique for shorts, opens, leakage and functional failures',
        'Interpret photon emission images and separate defect emission from normal transistor emission',
        'Apply OBIRCH and TIVA laser stimulation to locate resistive defects',
        'Use lock-in thermography to localise shorts at package and die level',
        'Combine scan diagnosis with layout navigation and nanoprobing to confirm a defect site',
      ],
      tools: [
        'Photon emission microscopy (EMMI) with InGaAs camera',
        'OBIRCH and TIVA laser scanning',
        'Lock-in thermography',
        'Layout navigation (CAD overlay) software',
        'Siemens Tessent Diagnosis',
        'Nanoprober',
      ],
      curriculum: [
        {
          title: 'Fault isolation strategy',
          descriptions: [
            'Global versus local isolation, sample preparation and front-side versus backside access.',
            'Failure signatures from test and how they guide the choice of technique.',
          ],
        },
        {
          title: 'Emission and laser techniques',
          descriptions: [
            'Photon emission physics, InGaAs versus CCD detectors and interpreting hot spots.',
            'OBIRCH, TIVA and dynamic laser stimulation for resistive and timing defects.',
          ],
        },
        {
          title: 'Thermal imaging and diagnosis',
          descriptions: [
            'Lock-in thermography for shorts through package and die.',
            'Scan diagnosis, layout-aware suspect ranking and CAD navigation to the defect.',
          ],
        },
        {
          title: 'Nanoprobing and confirmation',
          descriptions: [
            'Delayering to the target layer and nanoprobing transistor characteristics.',
            'Confirming the defect and handing a precise location to physical analysis.',
          ],
        },
      ],
      why: {
        title: 'Why fault isolation?',
        description:
          'Fault isolation is the hardest and most valued skill in an FA lab. Skilled analysts shorten root-cause time from weeks to days.',
        statistics: [
          { value: '5', text: 'Fault isolation techniques practised', icon: 'chart' },
          { value: '1', text: 'End-to-end isolation case study', icon: 'briefcase' },
          { value: '6 weeks', text: 'Advanced hybrid course with lab days', icon: 'person' },
        ],
      },
      prequisites: [
        'Introduction to Failure Analysis or equivalent lab experience',
        'Semiconductor device physics fundamentals',
        'Basic understanding of IC layout and CMOS circuits',
      ],
    },
  },
  {
    id: 'course-41',
    title: 'FIB, SEM and TEM for Failure Analysis',
    description:
      'Image and cut at the nanometre scale: scanning electron microscopy, focused ion beam cross-sections and TEM lamella preparation, with EDX analysis.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '10 weeks',
    feature: false,
    path: 'fa',
    details: {
      tagline: 'See the defect with your own eyes.',
      description:
        'Once a defect is located, electron and ion beam tools reveal what it is. You will learn how SEM imaging works (secondary and backscattered electrons, voltage contrast), how focused ion beam systems cut precise cross-sections and edit circuits, and how to prepare thin lamellae for transmission electron microscopy. You will interpret TEM images of gate stacks and interconnects, and identify materials with energy-dispersive X-ray spectroscopy. Lab sessions use real samples under instructor supervision.',
      outcomes: [
        'Explain electron-sample interactions and choose SEM conditions for topography, material and voltage contrast',
        'Plan and execute FIB cross-sections at a located defect site',
        'Describe FIB circuit edit for cutting and reconnecting nets',
        'Prepare TEM lamellae with the lift-out technique and interpret TEM and STEM images',
        'Identify elements and contamination with EDX spectra and maps',
      ],
      tools: [
        'Scanning electron microscope (SEM)',
        'Dual-beam focused ion beam (FIB-SEM)',
        'Transmission electron microscope (TEM/STEM)',
        'Energy-dispersive X-ray spectroscopy (EDX)',
        'ImageJ / Fiji',
        'Layout navigation software',
      ],
      curriculum: [
        {
          title: 'Scanning electron microscopy',
          descriptions: [
            'Electron sources, secondary and backscattered electrons, resolution and charging.',
            'Passive voltage contrast to find opens and shorts in interconnects.',
          ],
        },
        {
          title: 'Focused ion beam',
          descriptions: [
            'Gallium and plasma FIB, milling, deposition, and site-specific cross-sections.',
            'Circuit edit: cutting and reconnecting nets for design debug.',
          ],
        },
        {
          title: 'TEM and materials analysis',
          descriptions: [
            'Lamella preparation by lift-out, thinning and avoiding beam damage.',
            'TEM and STEM imaging of transistors and interconnects, and EDX analysis of materials.',
          ],
        },
      ],
      why: {
        title: 'Why electron and ion beam analysis?',
        description:
          'FIB, SEM and TEM images are the final evidence in most root-cause investigations. Operators and analysts for these tools are needed in fabs, foundries and independent FA labs.',
        statistics: [
          { value: '<1 nm', text: 'Resolution achievable in modern TEM/STEM', icon: 'chart' },
          { value: '10 weeks', text: 'Extended hybrid course with supervised lab time', icon: 'person' },
          { value: '1', text: 'Cross-section and TEM analysis report', icon: 'briefcase' },
        ],
      },
      prequisites: [
        'Introduction to Failure Analysis or lab experience',
        'Basic physics of electrons and atoms',
        'Familiarity with IC structures (transistors and interconnect layers)',
      ],
    },
  },
  {
    id: 'course-42',
    title: 'Package Failure Analysis and Reliability Testing',
    description:
      'Analyse package-level failures and the reliability stresses that cause them: temperature cycling, HAST, HTOL, moisture sensitivity and board-level tests.',
    level: 'Intermediate',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'fa',
    details: {
      tagline: 'Understand how packages fail, and how qualification finds it first.',
      description:
        'Many field and qualification failures happen in the package rather than the die. You will learn the JEDEC reliability tests used to qualify products (temperature cycling, HAST, autoclave, HTOL, high-temperature storage and preconditioning to moisture sensitivity levels) and the failure mechanisms each one accelerates. You will then practise package FA: C-SAM for delamination, X-ray and 3D CT for wires and voids, mechanical cross-sectioning and polishing, and dye-and-pry for solder joints, with Weibull analysis of reliability data.',
      outcomes: [
        'Explain the JEDEC qualification tests and the failure mechanisms each accelerates',
        'Apply acceleration models (Arrhenius, Coffin-Manson, Peck) to estimate field lifetime',
        'Analyse Weibull reliability data and estimate failure rates',
        'Locate package defects with C-SAM, X-ray and 3D computed tomography',
        'Prepare mechanical cross-sections and dye-and-pry samples and interpret the results',
      ],
      tools: [
        'JEDEC JESD47 and JESD22 test methods',
        'Scanning acoustic microscopy (C-SAM)',
        '3D X-ray computed tomography',
        'Mechanical cross-sectioning and polishing',
        'Weibull analysis in Python or Minitab',
        'Dye-and-pry test',
      ],
      curriculum: [
        {
          title: 'Reliability qualification',
          descriptions: [
            'Qualification plans, preconditioning and moisture sensitivity levels, and JEDEC test conditions.',
            'Acceleration models and converting stress results into field lifetime estimates.',
          ],
        },
        {
          title: 'Package failure mechanisms',
          descriptions: [
            'Delamination, wire bond lift and corrosion, solder fatigue, die and mould cracks.',
            'Linking each mechanism to the stress test and root causes in materials or process.',
          ],
        },
        {
          title: 'Package FA techniques',
          descriptions: [
            'C-SAM modes, X-ray and 3D CT, cross-sectioning, polishing and dye-and-pry.',
            'A complete package FA case study with Weibull analysis and report.',
          ],
        },
      ],
      why: {
        title: 'Why package reliability?',
        description:
          'Automotive and industrial customers demand strict qualification. Reliability and package FA engineers are needed at every assembly and test site.',
        statistics: [
          { value: '6', text: 'JEDEC stress tests explained', icon: 'chart' },
          { value: '3', text: 'Acceleration models applied', icon: 'person' },
          { value: '1', text: 'Package FA case study report', icon: 'briefcase' },
        ],
      },
      prequisites: ['IC package fundamentals', 'Basic statistics', 'Introduction to Failure Analysis is recommended'],
    },
  },
  {
    id: 'course-43',
    title: 'Physical Failure Analysis: Deprocessing and Materials Characterisation',
    description:
      'Remove die layers one at a time and identify what went wrong with chemical, plasma and mechanical deprocessing plus surface and materials analysis.',
    level: 'Advance',
    mode: 'Hybrid',
    length: '6 weeks',
    feature: false,
    path: 'fa',
    details: {
      tagline: 'Peel back the layers to reach the root cause.',
      description:
        'Physical failure analysis removes the layers of a die in a controlled way to expose a defect, then characterises it. You will learn wet chemical, reactive ion and parallel polishing deprocessing of aluminium and copper interconnects, and how to stop precisely at the layer of interest. You will identify contamination and material defects with EDX, Auger electron spectroscopy, SIMS and XPS, and combine the evidence into a root cause for process, design or assembly teams.',
      outcomes: [
        'Plan a deprocessing sequence for aluminium and copper interconnect stacks',
        'Apply wet chemical, plasma and parallel lapping techniques safely and precisely',
        'Inspect each layer with optical microscopy and SEM to locate physical defects',
        'Select surface and materials analysis techniques (EDX, Auger, SIMS, XPS) for a given question',
        'Combine physical evidence into a root cause and corrective action recommendation',
      ],
      tools: [
        'Reactive ion etching for deprocessing',
        'Parallel lapping and polishing',
        'Wet chemical etching (under fume hood)',
        'Scanning electron microscope (SEM)',
        'Auger electron spectroscopy and XPS',
        'Secondary ion mass spectrometry (SIMS)',
      ],
      curriculum: [
        {
          title: 'Deprocessing',
          descriptions: [
            'Layer stacks, passivation removal and chemical, plasma and mechanical delayering.',
            'Endpointing at the target layer and avoiding artefacts that mimic defects.',
          ],
        },
        {
          title: 'Inspection and materials analysis',
          descriptions: [
            'Layer-by-layer inspection with optical microscopy and SEM.',
            'EDX, Auger, SIMS and XPS: what each detects, depth resolution and sensitivity.',
          ],
        },
        {
          title: 'From evidence to root cause',
          descriptions: [
            'Distinguishing process, design, assembly and handling causes of physical defects.',
            'A capstone physical FA on a sample with a known defect, with a written report.',
          ],
        },
      ],
      why: {
        title: 'Why physical failure analysis?',
        description:
          'Physical FA provides the proof that drives corrective actions in the fab and assembly. It is a specialist skill used in fabs, foundries and independent analysis labs.',
        statistics: [
          { value: '4', text: 'Materials analysis techniques compared', icon: 'chart' },
          { value: '1', text: 'Capstone physical FA report', icon: 'briefcase' },
          { value: '6 weeks', text: 'Advanced hybrid course with supervised lab time', icon: 'person' },
        ],
      },
      prequisites: [
        'Introduction to Failure Analysis or lab experience',
        'Chemistry fundamentals and lab safety training',
        'Familiarity with IC process flow',
      ],
    },
  },
];
