/**
 * Demo content outside the catalogue: trips, consultation packages, the resource library,
 * competitions and the people who fill the demo's classes.
 */
import type { CompetitionBrief, ConsultationService, TripDetails } from '../../schema/index.js';

/** A trip; `startIn` is days after today, `days` its length. */
export interface DemoTrip {
  title: string;
  slug: string;
  location: string;
  startIn: number;
  days: number;
  price: number;
  dollar: number;
  details: TripDetails;
}

export const DEMO_TRIPS: readonly DemoTrip[] = [
  {
    title: 'Chandigarh & Le Corbusier Study Tour',
    slug: 'chandigarh-le-corbusier-study-tour',
    location: 'Chandigarh, India',
    startIn: 24,
    days: 4,
    price: 18500,
    dollar: 249,
    details: {
      summary:
        'Four days inside the only city Le Corbusier ever planned, with sketching sessions and a guided tour of the Capitol Complex.',
      highlights: [
        'Capitol Complex guided tour',
        'Government Museum and Art Gallery',
        'Sector 17 plaza walk',
        'Rock Garden of Nek Chand',
      ],
      itinerary: [
        {
          day: 1,
          title: 'Arrival & the city plan',
          description: 'Orientation walk through Sector 17 and an evening talk on the master plan.',
        },
        {
          day: 2,
          title: 'Capitol Complex',
          description:
            'Guided tour of the High Court, Assembly and Secretariat, followed by a sketching session.',
        },
        {
          day: 3,
          title: 'Museums & housing',
          description: 'Government Museum, Pierre Jeanneret’s house and a study of the sector housing types.',
        },
        {
          day: 4,
          title: 'Rock Garden & review',
          description: 'Morning at the Rock Garden and a closing pin-up of everyone’s sketchbooks.',
        },
      ],
      inclusions: [
        'Three nights’ twin-sharing stay',
        'Breakfast and lunch',
        'Local transport',
        'Entry fees and guides',
      ],
      exclusions: ['Travel to and from Chandigarh', 'Dinners', 'Personal expenses'],
      seats: 24,
    },
  },
  {
    title: 'Ahmedabad: Heritage Pols to Modern Masters',
    slug: 'ahmedabad-heritage-to-modern-masters',
    location: 'Ahmedabad, India',
    startIn: 45,
    days: 3,
    price: 14500,
    dollar: 199,
    details: {
      summary:
        'Walk the old city’s pols at dawn, then spend two days with the buildings of Kahn, Doshi and Correa.',
      highlights: [
        'Heritage walk through the pols',
        'IIM Ahmedabad by Louis Kahn',
        'Sangath and CEPT by B. V. Doshi',
        'Gandhi Smarak Sangrahalaya by Charles Correa',
      ],
      itinerary: [
        {
          day: 1,
          title: 'The walled city',
          description: 'Dawn heritage walk, stepwells and a session on the pol house typology.',
        },
        {
          day: 2,
          title: 'Institutions',
          description: 'IIM Ahmedabad, CEPT University and the Amdavad ni Gufa.',
        },
        {
          day: 3,
          title: 'Sangath & Sabarmati',
          description: 'Sangath studio visit and Gandhi Smarak Sangrahalaya on the riverfront.',
        },
      ],
      inclusions: ['Two nights’ stay', 'Breakfast', 'Local transport', 'Guided walks'],
      exclusions: ['Travel to Ahmedabad', 'Lunches and dinners'],
      seats: 30,
    },
  },
  {
    title: 'Kyoto & Tokyo Architecture Tour',
    slug: 'kyoto-tokyo-architecture-tour',
    location: 'Kyoto and Tokyo, Japan',
    startIn: 75,
    days: 9,
    price: 245000,
    dollar: 2950,
    details: {
      summary:
        'From temple gardens and machiya to Ando, SANAA and Kuma: nine days of Japanese architecture old and new.',
      highlights: [
        'Katsura Imperial Villa',
        'Machiya stay in Kyoto',
        'Tadao Ando’s Church of the Light',
        'Omotesando architecture walk in Tokyo',
      ],
      itinerary: [
        {
          day: 1,
          title: 'Arrive in Kyoto',
          description: 'Check in to a restored machiya and an evening walk in Gion.',
        },
        {
          day: 2,
          title: 'Gardens',
          description: 'Ryoan-ji, Kinkaku-ji and a session on the Japanese garden.',
        },
        {
          day: 3,
          title: 'Katsura',
          description: 'Katsura Imperial Villa and the Nishijin machiya district.',
        },
        { day: 4, title: 'Osaka day trip', description: 'Church of the Light and the Osaka waterfront.' },
        { day: 5, title: 'To Tokyo', description: 'Shinkansen to Tokyo and an evening in Shibuya.' },
        {
          day: 6,
          title: 'Omotesando',
          description: 'Walk past buildings by SANAA, Toyo Ito, Herzog & de Meuron and Kengo Kuma.',
        },
        {
          day: 7,
          title: 'Museums',
          description: 'National Museum of Western Art and the Tokyo International Forum.',
        },
        { day: 8, title: 'Free day', description: 'Optional visits or time to sketch.' },
        { day: 9, title: 'Departure', description: 'Closing breakfast and departures.' },
      ],
      inclusions: ['Eight nights’ stay', 'Rail passes', 'Entry fees', 'Tour lead from Atelier'],
      exclusions: ['International flights', 'Visa fees', 'Most meals'],
      seats: 18,
    },
  },
  {
    title: 'Auroville Earth Architecture Workshop',
    slug: 'auroville-earth-architecture-workshop',
    location: 'Auroville, Tamil Nadu, India',
    startIn: 38,
    days: 5,
    price: 22000,
    dollar: 289,
    details: {
      summary:
        'A hands-on week of rammed earth, compressed earth blocks and vaults with builders at Auroville.',
      highlights: [
        'Press your own earth blocks',
        'Build a small vault',
        'Visit the Matrimandir and Auroville’s housing',
        'Soil testing workshop',
      ],
      itinerary: [
        {
          day: 1,
          title: 'Soil & site',
          description: 'Soil tests, mixes and an introduction to earth construction.',
        },
        { day: 2, title: 'Blocks', description: 'Pressing and curing compressed stabilised earth blocks.' },
        { day: 3, title: 'Rammed earth', description: 'Building a rammed earth wall panel in formwork.' },
        { day: 4, title: 'Vaults & domes', description: 'Laying a small vault without shuttering.' },
        {
          day: 5,
          title: 'Tour & reflection',
          description: 'Tour of Auroville’s earth buildings and a closing discussion.',
        },
      ],
      inclusions: [
        'Four nights’ guest house stay',
        'All meals',
        'Tools and materials',
        'Certificate of participation',
      ],
      exclusions: ['Travel to Auroville'],
      seats: 20,
    },
  },
  {
    title: 'Barcelona: Gaudí and Modernisme',
    slug: 'barcelona-gaudi-modernisme',
    location: 'Barcelona, Spain',
    startIn: 110,
    days: 7,
    price: 198000,
    dollar: 2390,
    details: {
      summary: 'Seven days with Gaudí, Domènech i Montaner and Barcelona’s celebrated urban grid.',
      highlights: [
        'Sagrada Família',
        'Casa Batlló and Casa Milà',
        'Hospital de Sant Pau',
        'Cerdà’s Eixample on foot',
      ],
      itinerary: [
        { day: 1, title: 'Arrival', description: 'Evening walk through the Gothic Quarter.' },
        {
          day: 2,
          title: 'Sagrada Família',
          description: 'Guided visit and a session on Gaudí’s structural models.',
        },
        {
          day: 3,
          title: 'Passeig de Gràcia',
          description: 'Casa Batlló, Casa Milà and the Eixample blocks.',
        },
        {
          day: 4,
          title: 'Sant Pau & Palau',
          description: 'Hospital de Sant Pau and the Palau de la Música Catalana.',
        },
        { day: 5, title: 'Park Güell', description: 'Park Güell and the Gràcia neighbourhood.' },
        { day: 6, title: 'Mies & Montjuïc', description: 'Barcelona Pavilion and the Fundació Joan Miró.' },
        { day: 7, title: 'Departure', description: 'Closing breakfast.' },
      ],
      inclusions: ['Six nights’ stay', 'Entry fees', 'Local transport card', 'Tour lead'],
      exclusions: ['International flights', 'Visa fees', 'Most meals'],
      seats: 18,
    },
  },
];

/** The features compared across consultation packages 2, 3 and 4 (spec §9 display rules). */
const COMPARED_FEATURES = [
  'One-to-one video consultation with an architect',
  'Review of your floor plan and site photos',
  'Space-planning suggestions with marked-up drawings',
  'Material and colour palette recommendations',
  'Furniture layout with a shopping list',
  '3D views of two key rooms',
];

/**
 * A design competition; `deadlineIn`, `startIn` and `endIn` are days after today (negative:
 * before), so the demo always has an open free one, an open paid one, a closed one and one over.
 * Its thumbnail is `/images/competitions/{slug}.jpg`.
 */
export interface DemoCompetition {
  title: string;
  slug: string;
  summary: string;
  description: string;
  brief: CompetitionBrief;
  amount: number;
  dollar: number | null;
  deadlineIn: number;
  startIn: number;
  endIn: number;
}

/** The first is the one the demo learner has paid for (keep it first). */
export const DEMO_COMPETITIONS: readonly DemoCompetition[] = [
  {
    title: 'Tiny Homes Design Challenge',
    slug: 'tiny-homes-design-challenge',
    summary: 'Design a 250 sq ft home for a family of three on a city rooftop.',
    description:
      'Design a 250 sq ft home for a family of three on a city rooftop. Top entries win course scholarships and an exhibition at our studio.\n\nThe rooftop is flat, reachable by a shared stair, and gets full sun from ten in the morning. Show how the family cooks, sleeps, studies and hosts a guest, and how the home stays cool in May.',
    brief: {
      siteArea: '250 sq ft on a 4-storey rooftop, Pune',
      deliverables: ['Two A2 boards (plans, a section, two views)', 'A 300-word design statement'],
      prizes: ['₹50,000 and a course scholarship', '₹25,000', '₹10,000', 'Five honourable mentions'],
      jury: [
        'Ar. Meera Kulkarni, principal, Studio Tarang',
        'Ar. Rohan Desai, housing researcher',
        'Nisha Rao, interior designer',
      ],
      rules: [
        'Teams of up to three; students and professionals alike',
        'Boards must not name the entrants (anonymous judging)',
        'Built area at most 250 sq ft; the terrace around it is free',
      ],
    },
    amount: 499,
    dollar: 9,
    deadlineIn: 20,
    startIn: 25,
    endIn: 55,
  },
  {
    title: 'Sketch Your Street',
    slug: 'sketch-your-street',
    summary: 'A free weekend sketching challenge: draw the street you live on, as it is and as it could be.',
    description:
      'A free weekend challenge for everyone who draws. Sketch the street you live on twice: as it is today, and as it could be with one change you would make — shade, a bench, a wider footpath, a tree.\n\nUpload both sketches from your dashboard during the competition weekend. The community votes, and our faculty picks three entries to feature in the Atelier journal.',
    brief: {
      deliverables: [
        'Two sketches (any medium), photographed or scanned',
        'One line on the change you propose',
      ],
      prizes: ['Featured in the Atelier journal', 'A free masterclass seat for the top three'],
      jury: ['Atelier faculty', 'Community vote'],
      rules: [
        'Individual entries only',
        'Hand-drawn; digital drawing tablets are fine',
        'One entry per person',
      ],
    },
    amount: 0,
    dollar: null,
    deadlineIn: 12,
    startIn: 14,
    endIn: 15,
  },
  {
    title: 'Riverfront Pavilion Competition',
    slug: 'riverfront-pavilion-competition',
    summary:
      'A shaded pavilion for a riverfront promenade: registration has closed, entries are being drawn.',
    description:
      'Design a light, shaded pavilion for a public riverfront promenade, for morning walkers, evening crowds and the occasional concert. Registration has closed; registered teams are working on their entries.',
    brief: {
      siteArea: '30 m × 12 m strip on the promenade',
      deliverables: ['One A1 board', 'A physical or digital model view'],
      prizes: ['₹40,000', '₹20,000', '₹10,000'],
      jury: ['Ar. Kavya Iyer, landscape architect', 'Ar. Sameer Joshi, structural designer'],
      rules: ['Teams of up to four', 'Materials available within 200 km of the site'],
    },
    amount: 299,
    dollar: 5,
    deadlineIn: -3,
    startIn: -1,
    endIn: 28,
  },
  {
    title: 'Bus Shelter Redesign Competition',
    slug: 'bus-shelter-redesign-competition',
    summary: 'Rethink the everyday bus shelter for shade, seating and information. Results are out.',
    description:
      'Rethink the everyday bus shelter for shade, seating and information. Thank you to the 140 teams who entered; the winning entries are on display at our studio.',
    brief: {
      deliverables: ['One A1 board'],
      prizes: ['₹30,000', '₹15,000', '₹7,500'],
      jury: ['Ar. Farah Siddiqui, urban designer', 'Transit planner, city bus authority'],
      rules: ['Teams of up to three', 'Standard 9 m kerb length'],
    },
    amount: 299,
    dollar: 5,
    deadlineIn: -60,
    startIn: -55,
    endIn: -25,
  },
];

/** A consultation package; ids are fixed (1–4). */
export interface DemoConsultationPackage {
  id: number;
  name: string;
  description: string;
  price: number;
  dollar: number;
  covered: string[];
  detailsRequired: string[];
  services: ConsultationService[];
}

export const DEMO_CONSULTATION_PACKAGES: readonly DemoConsultationPackage[] = [
  {
    id: 1,
    name: 'Ask an Architect',
    description: 'A focused 30-minute call to answer one design question before you commit.',
    price: 999,
    dollar: 15,
    covered: [
      'A 30-minute video call with an architect',
      'Answers to one specific design question',
      'A short written summary after the call',
      'Recommendations for next steps and professionals to contact',
    ],
    detailsRequired: [
      'Your question in a few sentences',
      'City and type of property',
      'Photos or a sketch of the space',
    ],
    services: [
      {
        name: 'Video call',
        description: 'A call with an architect who practises in your region.',
        durationMinutes: 30,
      },
    ],
  },
  {
    id: 2,
    name: 'Room Makeover',
    description: 'Rework one or two rooms with a clear plan, palette and furniture layout.',
    price: 4999,
    dollar: 69,
    covered: COMPARED_FEATURES,
    detailsRequired: [
      'Floor plan with dimensions (a hand sketch is fine)',
      'Photos of each room from the corners',
      'Budget range',
      'Three reference images you like',
    ],
    services: [
      {
        name: 'Consultation call',
        description: 'Understand how you use the rooms and what must change.',
        durationMinutes: 45,
      },
      {
        name: 'Design package',
        description: 'Marked-up plan, palette and furniture layout within five working days.',
      },
    ],
  },
  {
    id: 3,
    name: 'Plan Review',
    description: 'An architect’s eye on the plan you already have, before construction starts.',
    price: 2499,
    dollar: 35,
    covered: COMPARED_FEATURES,
    detailsRequired: [
      'Floor plan or architect’s drawings',
      'Plot size and orientation',
      'Number of family members and their needs',
    ],
    services: [
      {
        name: 'Plan review call',
        description: 'Walk through the plan and the changes we recommend.',
        durationMinutes: 45,
      },
      { name: 'Marked-up drawings', description: 'Your plan returned with comments and suggested changes.' },
    ],
  },
  {
    id: 4,
    name: 'Complete Home Design',
    description: 'Full interior design guidance for a whole home, with 3D views and a shopping list.',
    price: 14999,
    dollar: 199,
    covered: COMPARED_FEATURES,
    detailsRequired: [
      'Floor plan with dimensions',
      'Photos or a video walkthrough of the home',
      'Budget range',
      'Style references',
      'Timeline for moving in',
    ],
    services: [
      {
        name: 'Discovery call',
        description: 'Brief, budget and priorities for every room.',
        durationMinutes: 60,
      },
      { name: 'Design package', description: 'Layouts, palettes and 3D views of two rooms.' },
      { name: 'Follow-up call', description: 'Revisions and a final shopping list.', durationMinutes: 30 },
    ],
  },
];

/** A folder of the resource library with its files. */
export interface DemoResourceFolder {
  name: string;
  description: string;
  isPremium: boolean;
  files: DemoResourceFile[];
  children?: DemoResourceFolder[];
}

export interface DemoResourceFile {
  name: string;
  kind: 'pdf' | 'image' | 'video' | 'cad' | 'archive' | 'link';
  path?: string;
  url?: string;
  description?: string;
}

export const DEMO_RESOURCE_FOLDERS: readonly DemoResourceFolder[] = [
  {
    name: 'Architectural Standards & Checklists',
    description: 'Quick references for everyday design decisions.',
    isPremium: false,
    files: [
      {
        name: 'Residential Room Sizes Cheat Sheet.pdf',
        kind: 'pdf',
        path: 'resources/standards/room-sizes.pdf',
      },
      {
        name: 'Staircase Design Rules of Thumb.pdf',
        kind: 'pdf',
        path: 'resources/standards/staircases.pdf',
      },
      {
        name: 'Accessible Toilet Layouts.dxf',
        kind: 'cad',
        path: 'resources/standards/accessible-toilets.dxf',
        description:
          'Three accessible toilet plans in millimetres (corner WC for either hand, peninsular WC) with grab rails, door swings and the 1500 mm turning circle (DXF).',
      },
    ],
  },
  {
    name: 'Revit Family Library',
    description: 'Revit type catalogues and DXF elevations for door, window and kitchen families.',
    isPremium: true,
    files: [
      {
        name: 'Doors - Flush & Panel Set.zip',
        kind: 'archive',
        path: 'resources/revit/doors.zip',
        description: 'Type catalogue and elevations of 12 flush and panel door types (DXF).',
      },
      {
        name: 'Windows - Casement & Sliding Set.zip',
        kind: 'archive',
        path: 'resources/revit/windows.zip',
        description:
          'Type catalogue and elevations of 10 casement, sliding, fixed and ventilator window types (DXF).',
      },
    ],
    children: [
      {
        name: 'Furniture',
        description: 'Loose and built-in furniture families.',
        isPremium: true,
        files: [
          {
            name: 'Modular Kitchen Families.zip',
            kind: 'archive',
            path: 'resources/revit/kitchen.zip',
            description:
              'Type catalogue and elevations of 12 modular kitchen units: base, drawer, sink, wall and tall (DXF).',
          },
        ],
      },
    ],
  },
  {
    name: 'Rendering Textures & HDRIs',
    description: 'Seamless textures and sky maps for visualisation.',
    isPremium: true,
    files: [
      {
        name: 'Indian Stone Textures Pack.zip',
        kind: 'archive',
        path: 'resources/textures/stone.zip',
        description:
          'Four seamless 512 × 512 JPG textures: Kota, Jaisalmer and Shahabad stone, and grey granite.',
      },
      {
        name: 'Golden Hour HDRI Set.zip',
        kind: 'archive',
        path: 'resources/textures/hdri-golden-hour.zip',
        description:
          'Two 512 × 256 equirectangular HDR sky maps with a low golden-hour sun, morning and evening.',
      },
      {
        name: 'Terrazzo Sample Board.jpg',
        kind: 'image',
        path: 'resources/textures/terrazzo.jpg',
        description: 'A seamless 1024 × 1024 terrazzo texture: marble and stone chips on a cement ground.',
      },
    ],
  },
  {
    name: 'Portfolio Templates',
    description: 'Page templates used in the portfolio masterclass.',
    isPremium: false,
    files: [
      {
        name: 'A4 Landscape Portfolio Template.zip',
        kind: 'archive',
        path: 'resources/portfolio/a4-landscape.zip',
        description:
          'A five-page A4 landscape PDF template (cover, 12-column grid, project pages, CV) with a README on the grid.',
      },
      {
        name: 'How We Review Portfolios (video)',
        kind: 'video',
        url: 'https://videos.atelier.test/portfolio-review',
        description: 'A 12-minute walkthrough.',
      },
    ],
  },
];

/** Files outside any folder, listed on the public resources page. */
export const DEMO_OUTER_FILES: readonly (DemoResourceFile & { isPremium: boolean })[] = [
  {
    name: 'Architecture Thesis Topic Ideas.pdf',
    kind: 'pdf',
    path: 'resources/public/thesis-topics.pdf',
    isPremium: false,
  },
  {
    name: 'Site Analysis Checklist.pdf',
    kind: 'pdf',
    path: 'resources/public/site-analysis-checklist.pdf',
    isPremium: false,
  },
  {
    name: 'Climate Zones of India Map.jpg',
    kind: 'image',
    path: 'resources/public/climate-zones.jpg',
    description: "A 1200 × 900 schematic map of India's five climate zones (NBC 2016) with example cities.",
    isPremium: false,
  },
  {
    name: 'Working Drawing Set Sample.pdf',
    kind: 'pdf',
    path: 'resources/public/working-drawing-sample.pdf',
    isPremium: true,
  },
];

/** First and last names the demo draws classmates and the large data set's users from. */
export const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Ishaan',
  'Arjun',
  'Reyansh',
  'Kabir',
  'Rohan',
  'Siddharth',
  'Karan',
  'Ananya',
  'Diya',
  'Ishita',
  'Meera',
  'Saanvi',
  'Kavya',
  'Riya',
  'Nandini',
  'Tanvi',
  'Pooja',
  'Farhan',
  'Zoya',
  'Imran',
  'Sana',
  'Joseph',
  'Neha',
  'Harpreet',
  'Gurleen',
  'Tenzin',
  'Lakshmi',
] as const;

export const LAST_NAMES = [
  'Sharma',
  'Patel',
  'Iyer',
  'Nair',
  'Reddy',
  'Kulkarni',
  'Deshpande',
  'Banerjee',
  'Mukherjee',
  'Gupta',
  'Khan',
  'Singh',
  'Menon',
  'Pillai',
  'Joshi',
  'Chatterjee',
  'Rao',
  'Das',
  'Fernandes',
  'Verma',
] as const;

export const CITIES = [
  'Pune',
  'Mumbai',
  'Bengaluru',
  'Chennai',
  'Hyderabad',
  'Delhi',
  'Kolkata',
  'Ahmedabad',
  'Kochi',
  'Jaipur',
  'Chandigarh',
  'Bhopal',
  'Nagpur',
  'Indore',
  'Lucknow',
  'Coimbatore',
] as const;
