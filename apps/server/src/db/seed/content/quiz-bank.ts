/**
 * Module quiz questions of the demo, five per catalogue category (by category index). The first
 * option listed is not always the correct one: `correct` is its index.
 */
export interface DemoQuestion {
  question: string;
  options: [string, string, string, string];
  correct: 0 | 1 | 2 | 3;
  explanation: string;
}

export const DEMO_QUIZ_BANK: readonly DemoQuestion[][] = [
  [
    {
      question: 'In a hot-humid climate, which strategy does most for thermal comfort?',
      options: [
        'Heavy thermal mass walls',
        'Cross-ventilation with shaded openings',
        'Small, sealed windows',
        'Dark roof finishes',
      ],
      correct: 1,
      explanation: 'Moving air and shade matter most where nights stay warm and humid.',
    },
    {
      question: 'What does a parti diagram communicate?',
      options: [
        'The structural grid',
        'The central organising idea of a design',
        'The services layout',
        'The construction sequence',
      ],
      correct: 1,
      explanation: 'A parti distils the scheme into its governing idea.',
    },
    {
      question: 'Which facade in India generally needs the deepest horizontal shading?',
      options: ['North', 'South', 'East', 'West'],
      correct: 1,
      explanation: 'High southern sun is cut well by horizontal overhangs; east and west need vertical fins.',
    },
    {
      question: 'A building section is most useful for studying…',
      options: [
        'Room adjacencies',
        'Vertical relationships, light and volume',
        'Furniture layout',
        'Plot boundaries',
      ],
      correct: 1,
      explanation: 'Sections reveal heights, levels and how light enters.',
    },
    {
      question: 'Which green-building rating system was developed in India?',
      options: ['BREEAM', 'GRIHA', 'Green Star', 'DGNB'],
      correct: 1,
      explanation: 'GRIHA was developed by TERI with the Ministry of New and Renewable Energy.',
    },
  ],
  [
    {
      question: 'In Grasshopper, what does a data tree path such as {0;2} identify?',
      options: ['A component', 'A branch of the tree', 'A single item', 'A Rhino layer'],
      correct: 1,
      explanation: 'Paths address branches; items are indexed inside a branch.',
    },
    {
      question: 'Which component remaps a list of numbers into a new range?',
      options: ['Series', 'Remap Numbers', 'Graft', 'Flatten'],
      correct: 1,
      explanation: 'Remap Numbers scales values from a source domain to a target domain.',
    },
    {
      question: 'What does an attractor point typically drive in a parametric facade?',
      options: [
        'Material cost',
        'A parameter that varies with distance from the point',
        'The number of floors',
        'The file size',
      ],
      correct: 1,
      explanation: 'Distance to the attractor controls size, rotation or opening of each panel.',
    },
    {
      question: 'In Python, which structure maps keys to values?',
      options: ['list', 'tuple', 'dict', 'set'],
      correct: 2,
      explanation: 'A dict stores key–value pairs.',
    },
    {
      question: 'What is a diffusion model trained to do?',
      options: [
        'Compress images losslessly',
        'Remove noise step by step to produce an image',
        'Render ray-traced scenes',
        'Detect clashes',
      ],
      correct: 1,
      explanation: 'Generation runs the learned denoising process from pure noise.',
    },
  ],
  [
    {
      question: 'What is a comfortable counter height for a kitchen worktop for most Indian users?',
      options: ['650 mm', '850 mm', '1,050 mm', '1,200 mm'],
      correct: 1,
      explanation: 'Around 850 mm suits most users; adjust to the client’s height.',
    },
    {
      question: 'The kitchen work triangle connects which three points?',
      options: [
        'Sink, hob and refrigerator',
        'Door, window and sink',
        'Hob, chimney and oven',
        'Sink, dishwasher and bin',
      ],
      correct: 0,
      explanation: 'Sink, cooking and cold storage are the three work centres.',
    },
    {
      question: 'Which light layer is meant for reading or chopping?',
      options: ['Ambient', 'Task', 'Accent', 'Decorative'],
      correct: 1,
      explanation: 'Task light serves a specific activity.',
    },
    {
      question: 'A colour temperature of 2,700 K reads as…',
      options: ['Cool daylight', 'Warm white', 'Neutral white', 'Blue'],
      correct: 1,
      explanation: 'Lower kelvin values look warmer.',
    },
    {
      question: 'Which joint is the strongest choice for a chair’s leg-to-rail connection?',
      options: ['Butt joint with nails', 'Mortise and tenon', 'Edge glue only', 'Staples'],
      correct: 1,
      explanation: 'Mortise and tenon joints resist racking far better.',
    },
  ],
  [
    {
      question: 'What is the main aim of placemaking?',
      options: [
        'Maximising parking',
        'Shaping public space around how people use it',
        'Widening carriageways',
        'Zoning for industry',
      ],
      correct: 1,
      explanation: 'Placemaking starts from observed use and community needs.',
    },
    {
      question: 'Which file format stores vector GIS data with attributes?',
      options: ['.jpg', '.shp', '.dwg', '.pdf'],
      correct: 1,
      explanation: 'A shapefile holds geometry and an attribute table.',
    },
    {
      question: 'A bioswale is designed to…',
      options: [
        'Carry sewage',
        'Slow, filter and infiltrate stormwater',
        'Store drinking water',
        'Replace footpaths',
      ],
      correct: 1,
      explanation: 'Vegetated channels slow runoff and let it soak in.',
    },
    {
      question: 'Why choose native plant species in landscape design?',
      options: [
        'They are always cheaper',
        'They suit local climate and support local ecology',
        'They never need water',
        'They grow fastest',
      ],
      correct: 1,
      explanation: 'Natives are adapted to the climate and to local wildlife.',
    },
    {
      question: 'Which measure best describes how walkable a neighbourhood is?',
      options: [
        'Average plot size',
        'Intersection density and destinations within a short walk',
        'Number of flyovers',
        'Building height',
      ],
      correct: 1,
      explanation: 'Connected streets and nearby destinations make walking practical.',
    },
  ],
  [
    {
      question: 'What does a render’s “Z-depth” pass help you add in post-production?',
      options: ['Reflections', 'Depth of field and atmospheric fog', 'Colour correction', 'Noise'],
      correct: 1,
      explanation: 'The depth pass masks effects by distance from the camera.',
    },
    {
      question: 'Which lighting makes exterior renders feel most dramatic?',
      options: ['Noon sun overhead', 'Low sun at golden hour or dusk', 'Flat overcast only', 'No sky light'],
      correct: 1,
      explanation: 'Low sun creates long shadows and warm contrast.',
    },
    {
      question: 'In Unreal Engine 5, Lumen provides…',
      options: [
        'Dynamic global illumination and reflections',
        'Audio mixing',
        'Physics simulation',
        'Version control',
      ],
      correct: 0,
      explanation: 'Lumen computes real-time global illumination.',
    },
    {
      question: 'A portfolio should generally open with…',
      options: [
        'Your oldest project',
        'Your strongest and most relevant project',
        'A long CV',
        'Sketches only',
      ],
      correct: 1,
      explanation: 'Reviewers decide in the first pages.',
    },
    {
      question: 'What is the rule of thirds used for?',
      options: ['Pricing renders', 'Composing the frame', 'Setting render resolution', 'Naming layers'],
      correct: 1,
      explanation: 'Placing focal points on third lines balances a composition.',
    },
  ],
  [
    {
      question: 'In Revit, a family that can be loaded into any project is a…',
      options: ['System family', 'Loadable family', 'In-place family', 'Group'],
      correct: 1,
      explanation: 'Loadable families live in .rfa files.',
    },
    {
      question: 'What does clash detection in Navisworks find?',
      options: [
        'Spelling errors on sheets',
        'Geometric conflicts between model elements',
        'Cost overruns',
        'Missing views',
      ],
      correct: 1,
      explanation: 'It reports where elements of different disciplines intersect.',
    },
    {
      question: 'ISO 19650 is a standard for…',
      options: ['Fire safety', 'Information management using BIM', 'Structural loads', 'Accessibility'],
      correct: 1,
      explanation: 'It defines how information is managed over an asset’s life.',
    },
    {
      question: 'What is a BIM Execution Plan (BEP)?',
      options: [
        'A construction schedule',
        'A document that sets out how BIM will be delivered on a project',
        'A fee proposal',
        'A Revit template',
      ],
      correct: 1,
      explanation: 'The BEP answers the client’s information requirements.',
    },
    {
      question: 'Which file format is the open standard for exchanging BIM data?',
      options: ['RVT', 'IFC', 'DWG', 'SKP'],
      correct: 1,
      explanation: 'IFC is the vendor-neutral buildingSMART format.',
    },
  ],
];
