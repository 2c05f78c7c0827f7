/**
 * The demo catalogue: six categories of three subcategories each, and 42 masterclasses and
 * courses with the words a visitor would read on their pages.
 */

/** A category with its three subcategories, in display order. */
export interface DemoCategory {
  name: string;
  slug: string;
  subcategories: [string, string, string];
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    name: 'Architecture Design',
    slug: 'architecture-design',
    subcategories: ['Design Studio', 'Residential Architecture', 'Sustainable & Climate Design'],
  },
  {
    name: 'Computational Design',
    slug: 'computational-design',
    subcategories: ['Parametric Modelling', 'Scripting & Automation', 'AI in Design'],
  },
  {
    name: 'Interior Design',
    slug: 'interior-design',
    subcategories: ['Residential Interiors', 'Furniture & Joinery', 'Lighting & Materials'],
  },
  {
    name: 'Landscape & Urbanism',
    slug: 'landscape-urbanism',
    subcategories: ['Urban Design', 'Landscape Architecture', 'GIS & Urban Data'],
  },
  {
    name: 'Visualisation & Rendering',
    slug: 'visualisation-rendering',
    subcategories: ['Rendering', 'Real-time & VR', 'Presentation & Portfolio'],
  },
  {
    name: 'BIM & Technology',
    slug: 'bim-technology',
    subcategories: ['Revit & BIM Modelling', 'BIM Coordination', 'Digital Fabrication'],
  },
];

/** A workshop of the demo catalogue. `home` and `also` are [category index, subcategory index]. */
export interface DemoWorkshop {
  type: 1 | 2;
  title: string;
  shortTitle: string;
  home: [number, number];
  also?: [number, number];
  pitch: string;
  tools: string[];
  level: 'Beginner' | 'Intermediate' | 'Advanced';
  /** Course: its modules (4). Masterclass: the topic of each day (2). */
  modules: string[];
  isTopSeller?: boolean;
  /** Price in whole rupees; the dollar price is derived. */
  amount: number;
}

export const DEMO_WORKSHOPS: readonly DemoWorkshop[] = [
  // ── Architecture Design ──
  {
    type: 2,
    title: 'Architectural Design Studio: From Concept to Competition Entry',
    shortTitle: 'Architectural Design Studio',
    home: [0, 0],
    pitch: 'Take one brief from site reading to a finished competition board in four guided weeks.',
    tools: ['SketchUp', 'Rhino', 'Photoshop'],
    level: 'Intermediate',
    modules: [
      'Reading the Site',
      'Concept & Parti Diagrams',
      'Plans, Sections & Massing',
      'Boards & Storytelling',
    ],
    isTopSeller: true,
    amount: 24999,
  },
  {
    type: 1,
    title: 'Designing Climate-Responsive Homes for Tropical India',
    shortTitle: 'Climate-Responsive Homes',
    home: [0, 2],
    also: [0, 1],
    pitch: 'Shade, breeze and thermal mass: design a home that stays cool without a single split AC.',
    tools: ['Climate Consultant', 'SketchUp'],
    level: 'Beginner',
    modules: ['Climate, Comfort & Orientation', 'Shading, Ventilation & Materials'],
    amount: 1499,
  },
  {
    type: 2,
    title: 'Residential Architecture Professional Program',
    shortTitle: 'Residential Architecture Program',
    home: [0, 1],
    pitch: 'Design, detail and document a private residence the way practices in India actually deliver one.',
    tools: ['AutoCAD', 'SketchUp', 'Enscape'],
    level: 'Intermediate',
    modules: [
      'Client Brief & Programming',
      'Planning the Plot',
      'Working Drawings',
      'Services & Coordination',
    ],
    isTopSeller: true,
    amount: 32999,
  },
  {
    type: 1,
    title: 'Mastering Architectural Competitions',
    shortTitle: 'Architectural Competitions',
    home: [0, 0],
    pitch: 'Learn how jurors read a board in ninety seconds and design for that first glance.',
    tools: ['Illustrator', 'Photoshop'],
    level: 'Intermediate',
    modules: ['Decoding the Brief & the Jury', 'One Big Idea, One Clear Board'],
    amount: 1999,
  },
  {
    type: 1,
    title: 'Passive Cooling Strategies for Hot-Dry Climates',
    shortTitle: 'Passive Cooling Strategies',
    home: [0, 2],
    pitch: 'Courtyards, jaalis, wind towers and earth coupling, tested with simple simulations.',
    tools: ['Ladybug', 'Excel'],
    level: 'Beginner',
    modules: ['Lessons from Vernacular Buildings', 'Sizing Openings, Courtyards & Shades'],
    amount: 1299,
  },
  {
    type: 2,
    title: 'Sustainable Building Design & Green Ratings (IGBC, GRIHA, LEED)',
    shortTitle: 'Sustainable Building Design',
    home: [0, 2],
    pitch: 'Design for energy, water and daylight, and document it for a green-building rating.',
    tools: ['DesignBuilder', 'Ladybug', 'Excel'],
    level: 'Advanced',
    modules: ['Energy & Envelope', 'Daylight & Comfort', 'Water & Site', 'Rating Documentation'],
    amount: 27999,
  },
  {
    type: 1,
    title: 'Sketching for Architects: Perspective & Urban Sketching',
    shortTitle: 'Sketching for Architects',
    home: [0, 0],
    also: [4, 2],
    pitch: 'Draw confident two-point perspectives and lively street scenes with a pen and a single marker.',
    tools: ['Fineliner', 'Markers'],
    level: 'Beginner',
    modules: ['Perspective Without Fear', 'Sketching the Street'],
    isTopSeller: true,
    amount: 999,
  },
  // ── Computational Design ──
  {
    type: 2,
    title: 'Parametric Design with Rhino & Grasshopper',
    shortTitle: 'Parametric Design with Grasshopper',
    home: [1, 0],
    pitch: 'Go from your first slider to a fabricable parametric pavilion, one definition at a time.',
    tools: ['Rhino 8', 'Grasshopper', 'Kangaroo'],
    level: 'Beginner',
    modules: [
      'Rhino Modelling Basics',
      'Grasshopper Logic & Data Trees',
      'Surfaces, Panels & Patterns',
      'Form-finding with Kangaroo',
    ],
    isTopSeller: true,
    amount: 29999,
  },
  {
    type: 1,
    title: 'Grasshopper for Facade Design',
    shortTitle: 'Grasshopper Facades',
    home: [1, 0],
    pitch: 'Build a responsive facade that adapts its panels to sun exposure and views.',
    tools: ['Rhino', 'Grasshopper', 'Ladybug'],
    level: 'Intermediate',
    modules: ['Panelisation & Attractors', 'Sun-driven Apertures'],
    amount: 1999,
  },
  {
    type: 2,
    title: 'Python Scripting for Architects',
    shortTitle: 'Python for Architects',
    home: [1, 1],
    pitch: 'Automate the boring parts of practice and script geometry inside Rhino and Revit.',
    tools: ['Python', 'RhinoCommon', 'pyRevit'],
    level: 'Intermediate',
    modules: [
      'Python Fundamentals',
      'Geometry with RhinoCommon',
      'Automating Revit with pyRevit',
      'Data, Spreadsheets & Reports',
    ],
    amount: 22999,
  },
  {
    type: 1,
    title: 'Dynamo for Revit: Automate Repetitive BIM Tasks',
    shortTitle: 'Dynamo for Revit',
    home: [1, 1],
    also: [5, 0],
    pitch: 'Renumber rooms, place families and tidy sheets in seconds with visual scripts.',
    tools: ['Revit', 'Dynamo'],
    level: 'Intermediate',
    modules: ['Dynamo Nodes & Lists', 'Five Scripts for Every Office'],
    amount: 1799,
  },
  {
    type: 2,
    title: 'AI for Architects: Image Generation, Language Models & Design Workflows',
    shortTitle: 'AI for Architects',
    home: [1, 2],
    pitch: 'Use diffusion models and language models as honest design assistants, not shortcuts.',
    tools: ['Stable Diffusion', 'ComfyUI', 'ChatGPT'],
    level: 'Beginner',
    modules: [
      'How Generative Models Work',
      'Prompting for Concept Imagery',
      'Controlled Generation with ComfyUI',
      'Ethics, Authorship & Practice',
    ],
    isTopSeller: true,
    amount: 19999,
  },
  {
    type: 1,
    title: 'Environmental Analysis with Ladybug Tools',
    shortTitle: 'Ladybug Environmental Analysis',
    home: [1, 0],
    also: [0, 2],
    pitch: 'Read weather files, plot sun paths and run radiation studies that change design decisions.',
    tools: ['Grasshopper', 'Ladybug', 'Honeybee'],
    level: 'Intermediate',
    modules: ['Weather Data & Sun Paths', 'Radiation & Daylight Studies'],
    amount: 1799,
  },
  {
    type: 1,
    title: 'Generative Design: Space Planning with Algorithms',
    shortTitle: 'Generative Space Planning',
    home: [1, 2],
    pitch: 'Let an algorithm propose hundreds of office layouts, then learn to judge them.',
    tools: ['Grasshopper', 'Galapagos', 'Wallacei'],
    level: 'Advanced',
    modules: ['Encoding Adjacencies & Rules', 'Evolutionary Search & Selection'],
    amount: 2499,
  },
  // ── Interior Design ──
  {
    type: 2,
    title: 'Interior Design Professional Course',
    shortTitle: 'Interior Design Professional',
    home: [2, 0],
    pitch: 'Plan, specify and present complete residential interiors with a client-ready package.',
    tools: ['AutoCAD', 'SketchUp', 'V-Ray'],
    level: 'Beginner',
    modules: [
      'Space Planning & Ergonomics',
      'Materials & Finishes',
      'Joinery & Detailing',
      'Client Presentation & BOQ',
    ],
    isTopSeller: true,
    amount: 34999,
  },
  {
    type: 1,
    title: 'Small Apartment Interiors: Space-Saving Design',
    shortTitle: 'Small Apartment Interiors',
    home: [2, 0],
    pitch: 'Make a 450 sq ft flat feel twice its size with storage, light and multi-use furniture.',
    tools: ['SketchUp', 'AutoCAD'],
    level: 'Beginner',
    modules: ['Zoning a Compact Plan', 'Storage & Convertible Furniture'],
    amount: 1299,
  },
  {
    type: 2,
    title: 'Furniture Design: From Sketch to Prototype',
    shortTitle: 'Furniture Design',
    home: [2, 1],
    also: [5, 2],
    pitch: 'Design a chair, detail its joints and send it to a CNC router or a carpenter.',
    tools: ['Fusion 360', 'Rhino', 'KeyShot'],
    level: 'Intermediate',
    modules: [
      'Ergonomics & Typologies',
      'Wood, Metal & Joinery',
      'Digital Modelling for Making',
      'Prototyping & Finishing',
    ],
    amount: 26999,
  },
  {
    type: 1,
    title: 'Lighting Design for Interiors',
    shortTitle: 'Interior Lighting Design',
    home: [2, 2],
    pitch: 'Layer ambient, task and accent light and write a lighting schedule an electrician can follow.',
    tools: ['DIALux evo'],
    level: 'Intermediate',
    modules: ['Light, Colour & Lux Levels', 'Layouts, Fixtures & Schedules'],
    amount: 1499,
  },
  {
    type: 1,
    title: 'Material Palettes & Moodboards',
    shortTitle: 'Material Palettes & Moodboards',
    home: [2, 2],
    pitch: 'Build palettes that hold together and moodboards that clients say yes to.',
    tools: ['Milanote', 'Photoshop'],
    level: 'Beginner',
    modules: ['Colour, Texture & Proportion', 'Boards That Sell an Idea'],
    amount: 999,
  },
  {
    type: 2,
    title: 'Kitchen & Wardrobe Design with Detailing',
    shortTitle: 'Kitchen & Wardrobe Design',
    home: [2, 1],
    pitch: 'Design modular kitchens and wardrobes down to hardware, shutters and cutting lists.',
    tools: ['AutoCAD', 'SketchUp', 'CutList'],
    level: 'Intermediate',
    modules: [
      'Kitchen Work Triangles & Layouts',
      'Carcass, Shutters & Hardware',
      'Wardrobe Planning',
      'Shop Drawings & Cutting Lists',
    ],
    amount: 18999,
  },
  {
    type: 1,
    title: 'Retail & Hospitality Interiors',
    shortTitle: 'Retail & Hospitality Interiors',
    home: [2, 0],
    pitch: 'Design a café and a flagship store around how customers move, pause and pay.',
    tools: ['SketchUp', 'Enscape'],
    level: 'Intermediate',
    modules: ['Customer Journeys & Brand Space', 'Counters, Displays & Lighting'],
    amount: 1799,
  },
  // ── Landscape & Urbanism ──
  {
    type: 2,
    title: 'Urban Design: Streets, Public Spaces & Placemaking',
    shortTitle: 'Urban Design & Placemaking',
    home: [3, 0],
    pitch: 'Redesign a real Indian street for walking, vending, shade and play.',
    tools: ['QGIS', 'SketchUp', 'Illustrator'],
    level: 'Intermediate',
    modules: [
      'Reading the City',
      'Streets for People',
      'Public Space & Placemaking',
      'Urban Design Guidelines',
    ],
    amount: 24999,
  },
  {
    type: 1,
    title: 'Landscape Design Fundamentals',
    shortTitle: 'Landscape Design Fundamentals',
    home: [3, 1],
    pitch: 'Grading, planting and paving: the three decisions behind every good outdoor space.',
    tools: ['AutoCAD', 'SketchUp'],
    level: 'Beginner',
    modules: ['Site, Soil & Grading', 'Planting Design with Native Species'],
    amount: 1299,
  },
  {
    type: 2,
    title: 'GIS for Urban Planners with QGIS',
    shortTitle: 'QGIS for Planners',
    home: [3, 2],
    pitch: 'Map land use, density and access to transit with open data and free software.',
    tools: ['QGIS', 'OpenStreetMap', 'Excel'],
    level: 'Beginner',
    modules: [
      'GIS Concepts & Projections',
      'Open Data & Digitising',
      'Spatial Analysis',
      'Maps That Persuade',
    ],
    amount: 16999,
  },
  {
    type: 1,
    title: 'Masterplanning with Site Analysis',
    shortTitle: 'Masterplanning & Site Analysis',
    home: [3, 0],
    pitch: 'Turn contours, climate and context into a masterplan strategy in one weekend.',
    tools: ['QGIS', 'AutoCAD'],
    level: 'Intermediate',
    modules: ['Layered Site Analysis', 'Block Structure & Phasing'],
    amount: 1999,
  },
  {
    type: 1,
    title: 'Water-Sensitive Urban Design',
    shortTitle: 'Water-Sensitive Urban Design',
    home: [3, 1],
    also: [0, 2],
    pitch: 'Swales, bioswales and sponge parks for cities that flood every monsoon.',
    tools: ['QGIS', 'SketchUp'],
    level: 'Intermediate',
    modules: ['Catchments & Runoff', 'Blue-Green Infrastructure Toolkit'],
    amount: 1499,
  },
  {
    type: 2,
    title: 'Landscape Architecture Portfolio Studio',
    shortTitle: 'Landscape Portfolio Studio',
    home: [3, 1],
    also: [4, 2],
    pitch: 'Develop two landscape projects and a portfolio that speaks to landscape practices.',
    tools: ['AutoCAD', 'Lumion', 'InDesign'],
    level: 'Intermediate',
    modules: [
      'Project One: A Neighbourhood Park',
      'Project Two: A Riverfront Edge',
      'Representation for Landscape',
      'Portfolio Layout',
    ],
    amount: 21999,
  },
  {
    type: 1,
    title: 'Tactical Urbanism: Quick Wins for Streets',
    shortTitle: 'Tactical Urbanism',
    home: [3, 0],
    pitch: 'Paint, planters and pop-up seating: test a street redesign in a day before pouring concrete.',
    tools: ['Streetmix', 'Illustrator'],
    level: 'Beginner',
    modules: ['Pilots, Paint & Partnerships', 'Measuring What Changed'],
    amount: 999,
  },
  // ── Visualisation & Rendering ──
  {
    type: 2,
    title: 'Architectural Visualisation with 3ds Max & Corona',
    shortTitle: '3ds Max & Corona Visualisation',
    home: [4, 0],
    pitch: 'Produce photoreal interiors and exteriors with a studio-grade 3ds Max workflow.',
    tools: ['3ds Max', 'Corona Renderer', 'Photoshop'],
    level: 'Intermediate',
    modules: [
      'Modelling for Visualisation',
      'Materials & Lighting',
      'Cameras & Composition',
      'Post-production',
    ],
    isTopSeller: true,
    amount: 29999,
  },
  {
    type: 1,
    title: 'Lumion Rendering in a Weekend',
    shortTitle: 'Lumion Rendering',
    home: [4, 0],
    pitch: 'From SketchUp model to a convincing sunset render and a one-minute walkthrough.',
    tools: ['Lumion', 'SketchUp'],
    level: 'Beginner',
    modules: ['Scenes, Materials & Landscape', 'Light, Effects & Animation'],
    amount: 1299,
  },
  {
    type: 1,
    title: 'Twinmotion for Architects',
    shortTitle: 'Twinmotion for Architects',
    home: [4, 1],
    pitch: 'Real-time rendering straight from Revit or Rhino, with seasons, weather and people.',
    tools: ['Twinmotion', 'Revit'],
    level: 'Beginner',
    modules: ['Sync, Materials & Context', 'Phasing, Paths & Presentations'],
    amount: 1499,
  },
  {
    type: 2,
    title: 'Unreal Engine 5 for Architectural Visualisation',
    shortTitle: 'Unreal Engine for ArchViz',
    home: [4, 1],
    pitch: 'Build an interactive walkthrough with Lumen lighting and a configurable interior.',
    tools: ['Unreal Engine 5', 'Datasmith', 'Blender'],
    level: 'Advanced',
    modules: [
      'Unreal Interface & Datasmith',
      'Lumen, Materials & Lighting',
      'Blueprints for Interaction',
      'Packaging a Walkthrough',
    ],
    amount: 34999,
  },
  {
    type: 1,
    title: 'Enscape Real-time Rendering',
    shortTitle: 'Enscape Rendering',
    home: [4, 1],
    also: [5, 0],
    pitch: 'Turn every design review into a live walkthrough without leaving your BIM model.',
    tools: ['Enscape', 'Revit', 'SketchUp'],
    level: 'Beginner',
    modules: ['Views, Materials & Assets', 'Panoramas, VR & Video'],
    amount: 1299,
  },
  {
    type: 1,
    title: 'Portfolio Design for Architects',
    shortTitle: 'Architecture Portfolio Design',
    home: [4, 2],
    pitch: 'Edit ruthlessly, lay out beautifully and send a portfolio that gets you the interview.',
    tools: ['InDesign', 'Illustrator'],
    level: 'Beginner',
    modules: ['Editing Your Work', 'Grids, Type & Layout'],
    isTopSeller: true,
    amount: 1499,
  },
  {
    type: 1,
    title: 'Photoshop Post-Production for Architectural Renders',
    shortTitle: 'Photoshop Post-Production',
    home: [4, 0],
    pitch: 'Add atmosphere, people and colour grading to lift a flat render into an image.',
    tools: ['Photoshop'],
    level: 'Intermediate',
    modules: ['Render Passes & Masks', 'Entourage, Atmosphere & Grading'],
    amount: 999,
  },
  // ── BIM & Technology ──
  {
    type: 2,
    title: 'Revit Architecture: Complete BIM Workflow',
    shortTitle: 'Revit Architecture',
    home: [5, 0],
    pitch: 'Model, document and schedule a mid-rise building in Revit from day one to issue.',
    tools: ['Revit', 'Navisworks'],
    level: 'Beginner',
    modules: [
      'Revit Essentials',
      'Building Elements & Families',
      'Documentation & Sheets',
      'Schedules & Collaboration',
    ],
    isTopSeller: true,
    amount: 27999,
  },
  {
    type: 2,
    title: 'BIM Coordination with Navisworks',
    shortTitle: 'BIM Coordination',
    home: [5, 1],
    pitch: 'Run clash detection, 4D sequencing and coordination meetings like a BIM coordinator.',
    tools: ['Navisworks', 'Revit', 'BIM 360'],
    level: 'Advanced',
    modules: ['Federated Models', 'Clash Detection & Reporting', '4D Timeliner', 'Coordination Workflows'],
    amount: 24999,
  },
  {
    type: 1,
    title: 'BIM Management & ISO 19650 Essentials',
    shortTitle: 'BIM Management Essentials',
    home: [5, 1],
    pitch: 'Write a BIM execution plan and understand information management under ISO 19650.',
    tools: ['ISO 19650', 'Excel'],
    level: 'Advanced',
    modules: ['Information Requirements', 'BIM Execution Plans'],
    amount: 2499,
  },
  {
    type: 1,
    title: 'Revit Families Deep Dive',
    shortTitle: 'Revit Families',
    home: [5, 0],
    pitch: 'Build parametric doors, windows and furniture families that behave in every project.',
    tools: ['Revit'],
    level: 'Intermediate',
    modules: ['Reference Planes & Parameters', 'Nested & Shared Families'],
    amount: 1799,
  },
  {
    type: 2,
    title: 'Digital Fabrication: CNC, Laser Cutting & 3D Printing',
    shortTitle: 'Digital Fabrication',
    home: [5, 2],
    also: [1, 0],
    pitch: 'Design for the machine: nest, toolpath and fabricate a full-scale prototype.',
    tools: ['Rhino', 'Fusion 360', 'Cura'],
    level: 'Intermediate',
    modules: ['Machines & Materials', 'Laser Cutting & Nesting', 'CNC Toolpaths', '3D Printing & Assembly'],
    amount: 23999,
  },
  {
    type: 1,
    title: 'Construction Documentation in Revit',
    shortTitle: 'Revit Construction Documents',
    home: [5, 0],
    pitch: 'Set up view templates, details and sheets that pass a municipal submission first time.',
    tools: ['Revit'],
    level: 'Intermediate',
    modules: ['View Templates & Annotation', 'Details, Sheets & Issue'],
    amount: 1499,
  },
  {
    type: 1,
    title: 'From AutoCAD to Revit: Switching Your Office',
    shortTitle: 'AutoCAD to Revit',
    home: [5, 1],
    pitch: 'Plan the switch of a small practice to BIM without losing a single deadline.',
    tools: ['AutoCAD', 'Revit'],
    level: 'Beginner',
    modules: ['Templates, Standards & Training', 'A Pilot Project Plan'],
    amount: 999,
  },
];

/** Fictional instructors, one pair per category (by index). */
export const DEMO_INSTRUCTORS: readonly { name: string; role: string; bio: string }[][] = [
  [
    {
      name: 'Ar. Meera Kulkarni',
      role: 'Principal, Studio Aangan',
      bio: 'Designs climate-responsive houses across the Deccan and teaches design studio.',
    },
    {
      name: 'Ar. Kabir Sethi',
      role: 'Competition architect',
      bio: 'Has placed in over twenty international ideas competitions.',
    },
  ],
  [
    {
      name: 'Nikhil Rao',
      role: 'Computational designer',
      bio: 'Builds parametric facade systems for large projects in Bengaluru and Dubai.',
    },
    {
      name: 'Dr. Ananya Iyer',
      role: 'Researcher, design computation',
      bio: 'Works on generative design and machine learning for architecture.',
    },
  ],
  [
    {
      name: 'Ritu Malhotra',
      role: 'Interior designer, Malhotra & Co.',
      bio: 'Fifteen years of residential and hospitality interiors in Delhi NCR.',
    },
    {
      name: 'Farhan Qureshi',
      role: 'Furniture designer & maker',
      bio: 'Runs a small joinery workshop and teaches design for making.',
    },
  ],
  [
    {
      name: 'Ar. Priya Menon',
      role: 'Urban designer',
      bio: 'Has led street redesign projects in Chennai, Pune and Kochi.',
    },
    {
      name: 'Sandeep Bhat',
      role: 'Landscape architect',
      bio: 'Specialises in native planting and water-sensitive landscapes.',
    },
  ],
  [
    {
      name: 'Arjun Kapoor',
      role: 'Visualisation lead',
      bio: 'Leads a visualisation team producing images for architects worldwide.',
    },
    {
      name: 'Tanya D’Souza',
      role: 'Real-time visualisation artist',
      bio: 'Builds interactive Unreal Engine walkthroughs for developers.',
    },
  ],
  [
    {
      name: 'Vikram Joshi',
      role: 'BIM manager',
      bio: 'Has managed BIM delivery on hospitals, airports and metro stations.',
    },
    {
      name: 'Ar. Sneha Pillai',
      role: 'Revit specialist',
      bio: 'Autodesk certified professional who has trained over 3,000 architects.',
    },
  ],
];

/**
 * Learner quotes for testimonial sections; some link a video (made-up 11-character YouTube ids,
 * enough for `youtubeId` and the video testimonial calls).
 */
export const DEMO_TESTIMONIALS: readonly { name: string; role: string; quote: string; videoUrl?: string }[] =
  [
    {
      name: 'Aditi Sharma',
      role: 'Architecture student, 4th year',
      quote:
        'The weekly reviews were the closest thing to a real studio crit I have had online. My thesis board improved visibly.',
      videoUrl: 'https://www.youtube.com/watch?v=AtlrDemo001',
    },
    {
      name: 'Rahul Verma',
      role: 'Junior architect, Mumbai',
      quote: 'I used the scripts from the course at work the very next Monday. My team lead noticed.',
    },
    {
      name: 'Sana Khan',
      role: 'Interior designer, Hyderabad',
      quote: 'Clear, practical and full of real project examples. The detailing module alone was worth it.',
      videoUrl: 'https://youtu.be/AtlrDemo003',
    },
    {
      name: 'Karthik Subramanian',
      role: 'Graduate architect, Chennai',
      quote: 'I finally understand data trees. The instructor was patient and every session was recorded.',
    },
    {
      name: 'Isha Patel',
      role: 'Urban design student',
      quote: 'The mapping exercises changed how I read a site. I now start every project in QGIS.',
      videoUrl: 'https://www.youtube.com/embed/AtlrDemo005',
    },
    {
      name: 'Devansh Gupta',
      role: 'Visualiser, Bengaluru',
      quote: 'My renders went from flat to moody in a weekend. Clients ask for this look now.',
    },
  ];

/** Learner projects for course case-study sections, one pair per category. */
export const DEMO_CASE_STUDIES: readonly { title: string; author: string; summary: string }[][] = [
  [
    {
      title: 'A Courtyard House in Nashik',
      author: 'Aditi Sharma',
      summary: 'A 2,400 sq ft family home organised around a shaded courtyard and a stepped terrace.',
    },
    {
      title: 'Community Library, Competition Entry',
      author: 'Rohit Nair',
      summary: 'A shortlisted entry that stacks reading rooms around a light well.',
    },
  ],
  [
    {
      title: 'Kinetic Jaali Pavilion',
      author: 'Karthik Subramanian',
      summary: 'A laser-cut plywood pavilion whose apertures follow the afternoon sun.',
    },
    {
      title: 'Office Layout Optimiser',
      author: 'Meghna Rao',
      summary: 'A Grasshopper tool that ranks desk layouts by daylight and walking distance.',
    },
  ],
  [
    {
      title: 'A 1BHK That Feels Like a 2BHK',
      author: 'Sana Khan',
      summary: 'Sliding partitions and a bed that folds into a library wall.',
    },
    {
      title: 'The Teak Lounge Chair',
      author: 'Aman Sinha',
      summary: 'A prototype chair with hidden mortise-and-tenon joints, built in eight weeks.',
    },
  ],
  [
    {
      title: 'Reimagining FC Road, Pune',
      author: 'Isha Patel',
      summary: 'Wider footpaths, vending zones and tree cover for a busy college street.',
    },
    {
      title: 'A Sponge Park for Chennai',
      author: 'Vivek Raman',
      summary: 'A neighbourhood park that stores monsoon runoff in planted basins.',
    },
  ],
  [
    {
      title: 'Dusk at the Lake House',
      author: 'Devansh Gupta',
      summary: 'A Corona exterior render with layered atmosphere and warm interior light.',
    },
    {
      title: 'Interactive Apartment Configurator',
      author: 'Nisha Thomas',
      summary: 'An Unreal walkthrough where buyers swap finishes in real time.',
    },
  ],
  [
    {
      title: 'Clinic Building in Revit',
      author: 'Rahul Verma',
      summary: 'A complete set of construction documents for a four-storey clinic.',
    },
    {
      title: 'Clash-free Services Model',
      author: 'Pooja Hegde',
      summary: 'A federated hospital wing with 1,200 clashes resolved over four weeks.',
    },
  ],
];

/** Bonus items shown on course pages. */
export const DEMO_BONUSES: readonly { title: string; description: string }[] = [
  {
    title: 'Lifetime access to recordings',
    description: 'Every live session is recorded and stays in your dashboard.',
  },
  { title: 'Project files & templates', description: 'Start files, templates and scripts used in class.' },
  { title: 'Portfolio review', description: 'A one-to-one review of your project by the instructor.' },
  { title: 'Certificate of completion', description: 'Shareable certificate with a verification number.' },
];
