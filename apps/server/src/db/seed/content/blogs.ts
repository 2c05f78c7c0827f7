/**
 * Demo blog articles: plain, safe HTML (headings, paragraphs, lists, emphasis; no scripts,
 * styles or inline handlers).
 */
export const DEMO_BLOG_CATEGORIES = [
  { name: 'Design Theory', slug: 'design-theory' },
  { name: 'Software Tutorials', slug: 'software-tutorials' },
  { name: 'Career & Portfolio', slug: 'career-portfolio' },
  { name: 'Sustainability', slug: 'sustainability' },
  { name: 'Travel & Places', slug: 'travel-places' },
] as const;

export interface DemoBlog {
  title: string;
  url: string;
  /** Index into DEMO_BLOG_CATEGORIES. */
  category: number;
  author: string;
  excerpt: string;
  html: string;
  keywords: string;
}

export const DEMO_BLOGS: readonly DemoBlog[] = [
  {
    title: 'Why Parametric Thinking Matters Even If You Never Write a Script',
    url: 'why-parametric-thinking-matters',
    category: 0,
    author: 'Nikhil Rao',
    excerpt:
      'Parametric design is less about software and more about seeing a design as a set of relationships you can question.',
    keywords: 'parametric design, grasshopper, design process',
    html: `<p>Ask ten architects what parametric design is and most will describe a tool: Grasshopper, Dynamo, a wavy facade. But the useful idea underneath is older and simpler. A parametric design is one where you state <em>relationships</em> rather than fixed shapes: this window is a third of the bay, this overhang depends on the sun angle, this corridor widens where more people gather.</p>
<h2>Relationships before forms</h2>
<p>When you sketch a scheme, you are already making dozens of these decisions, usually without writing them down. Making them explicit lets you test them. What happens if the plot is five metres narrower? If the client adds a floor? A drawing made of fixed lines has to be redrawn; a design made of relationships updates itself, and shows you which of your rules were the important ones.</p>
<h2>You can practise it on paper</h2>
<ul>
<li>List the three or four dimensions that drive your scheme and what each depends on.</li>
<li>Draw the same plan at two plot sizes and notice what changes and what holds.</li>
<li>Write your facade rule in one sentence before you draw a single panel.</li>
</ul>
<p>Scripting comes later, and it is much easier once you already think this way. The software only automates the questions; the habit of asking them is the part that makes you a better designer.</p>`,
  },
  {
    title: 'Ten Revit Habits That Save Hours on Every Project',
    url: 'ten-revit-habits-that-save-hours',
    category: 1,
    author: 'Ar. Sneha Pillai',
    excerpt:
      'Small, boring habits are what separate a fast Revit user from a frustrated one. Here are the ten we teach first.',
    keywords: 'revit, bim, productivity, view templates',
    html: `<p>Most time lost in Revit is not lost to hard problems. It is lost to the same small frictions repeated a hundred times a day: hunting for a view, fixing a tag that moved, rebuilding a sheet that should have been a template. Here are the habits that remove most of them.</p>
<h2>Set up once, reuse forever</h2>
<ol>
<li>Apply view templates to every plan, section and elevation, and never override them by hand.</li>
<li>Name views with a pattern (level, purpose, scale) so the project browser sorts itself.</li>
<li>Keep a company template with your title blocks, line styles and text types already loaded.</li>
<li>Use worksets from day one on any project with more than one person.</li>
</ol>
<h2>Work with the model, not against it</h2>
<ol start="5">
<li>Model walls at the right height and base constraint first; fixing them later breaks everything above.</li>
<li>Use levels and grids as the only references you trust; pin them.</li>
<li>Load families from a curated library, never straight from the internet.</li>
<li>Purge unused families and views before every major issue.</li>
<li>Schedule doors and rooms early so errors show up as blank cells, not site queries.</li>
<li>Learn ten keyboard shortcuts and use nothing else for a week.</li>
</ol>
<p>None of these is clever. Together they routinely save a small team a day a week.</p>`,
  },
  {
    title: 'How to Build an Architecture Portfolio That Gets Interviews',
    url: 'architecture-portfolio-that-gets-interviews',
    category: 2,
    author: 'Ar. Kabir Sethi',
    excerpt: 'Hiring architects spend about a minute on a portfolio. Design for that minute.',
    keywords: 'architecture portfolio, jobs, career, indesign',
    html: `<p>A principal hiring a junior architect may receive two hundred portfolios for one position. Each gets about a minute on the first pass. That single fact should shape every decision you make about yours.</p>
<h2>Edit harder than feels comfortable</h2>
<p>Four strong projects beat eight uneven ones. Lead with the project most relevant to the practice you are applying to, not the one you are most attached to. For each project, show one clear idea, the drawings that prove it, and one image that makes someone want to turn the page.</p>
<h2>Make it easy to read quickly</h2>
<ul>
<li>Use one grid and two typefaces throughout.</li>
<li>Put a one-line caption on every spread saying what the reader is looking at.</li>
<li>Show your role honestly on group projects.</li>
<li>Keep the PDF under 10 MB so it opens on a phone.</li>
</ul>
<h2>Include one piece of real work</h2>
<p>Students often leave out internship drawings because they look ordinary. Include a working drawing or a detail. It tells an employer you already know what the job involves, and it is often the page they ask about in the interview.</p>`,
  },
  {
    title: 'Passive Cooling Lessons from Traditional Indian Architecture',
    url: 'passive-cooling-lessons-traditional-indian-architecture',
    category: 3,
    author: 'Ar. Meera Kulkarni',
    excerpt:
      'Courtyards, jaalis and thick walls kept buildings comfortable for centuries. What still works today?',
    keywords: 'passive cooling, vernacular architecture, courtyard, jaali',
    html: `<p>Long before air conditioning, builders across India developed ways to stay cool that were tuned to their climate: the havelis of Rajasthan, the nalukettu houses of Kerala, the pols of Ahmedabad. They are not museum pieces. Most of their principles transfer directly to contemporary buildings.</p>
<h2>The courtyard as a climate engine</h2>
<p>A shaded courtyard fills with cool air at night and releases it slowly through the day. Rooms that open onto it get light without direct sun. The proportion matters: a tall, narrow courtyard stays shaded far longer than a wide one.</p>
<h2>Filtering, not blocking</h2>
<p>A jaali screen cuts glare and direct sun while letting breeze through, and the small openings speed up the air as it passes. Today the same idea appears as perforated brick, terracotta screens or folded metal, often for a fraction of the cost of high-performance glass.</p>
<h2>Mass where it helps</h2>
<p>Thick walls delay the day’s heat until the cool of the evening. In hot-dry climates that is exactly right. In hot-humid ones it is not, and light, well-ventilated construction wins. The lesson is not to copy a form but to understand the climate it answered.</p>`,
  },
  {
    title: 'Lumion, Twinmotion or Enscape? Choosing a Real-Time Renderer',
    url: 'lumion-twinmotion-enscape-choosing-a-renderer',
    category: 1,
    author: 'Arjun Kapoor',
    excerpt:
      'All three make good images quickly. The right choice depends on how you work, not which demo looks best.',
    keywords: 'lumion, twinmotion, enscape, rendering, visualisation',
    html: `<p>Real-time renderers have changed how small practices present their work. Instead of waiting overnight for a single image, you can walk a client through a design in the meeting. Three tools dominate the market, and each suits a different way of working.</p>
<h2>Enscape: stay inside your model</h2>
<p>Enscape runs as a plugin inside Revit, SketchUp, Rhino and Archicad. There is no export step, so it fits design reviews where the model changes every hour. Its asset library is modest, but its speed and simplicity make it the easiest to adopt.</p>
<h2>Twinmotion: context and presentation</h2>
<p>Twinmotion syncs with your modelling software but lives in its own application, with strong tools for landscape, weather, seasons and people. It is a good fit when the site and the story matter as much as the building.</p>
<h2>Lumion: atmosphere quickly</h2>
<p>Lumion has a large library of materials, plants and effects, and excels at moody exterior stills and animations. It needs a powerful graphics card and works best once the design is fairly settled.</p>
<p>If you are unsure, start with whichever integrates with the software you already use every day. The best renderer is the one you will actually open during design, not only at the end.</p>`,
  },
  {
    title: 'A Walk Through Chandigarh: Reading Le Corbusier’s Capitol Complex',
    url: 'walk-through-chandigarh-capitol-complex',
    category: 4,
    author: 'Ar. Priya Menon',
    excerpt:
      'The Capitol Complex is best understood on foot, at the scale of a person crossing a vast concrete plain.',
    keywords: 'chandigarh, le corbusier, capitol complex, architecture travel',
    html: `<p>Photographs of Chandigarh’s Capitol Complex show monumental buildings: the Assembly with its great hyperbolic tower, the Secretariat stretching a quarter of a kilometre, the High Court under its sweeping parasol roof. What the photographs miss is the distance between them, and that distance is the point.</p>
<h2>Architecture as landscape</h2>
<p>Le Corbusier set the buildings on an open plain against the Shivalik hills, separated by sunken gardens, reflecting pools and earth mounds. Walking from the High Court to the Assembly takes several minutes, and the buildings shift in relation to each other and to the mountains as you move.</p>
<h2>Concrete and climate</h2>
<p>Every facade carries a deep brise-soleil, the sun-breakers that became a signature of Indian modernism. Stand inside the High Court’s entrance, with the breeze moving under the roof, and you feel how much of the design is about shade.</p>
<h2>Visiting</h2>
<ul>
<li>Guided tours of the Capitol Complex run on most weekdays; carry a photo ID.</li>
<li>Go early in the morning, when the light is low and the plain is cool.</li>
<li>Finish at the Open Hand monument, then walk down to the Rock Garden.</li>
</ul>`,
  },
  {
    title: 'The Case for Mud: Rammed Earth and Compressed Earth Blocks Today',
    url: 'case-for-mud-rammed-earth-compressed-earth-blocks',
    category: 3,
    author: 'Sandeep Bhat',
    excerpt:
      'Earth is the oldest building material there is. Modern techniques make it precise, strong and beautiful.',
    keywords: 'rammed earth, compressed earth blocks, sustainable materials, low carbon',
    html: `<p>Earth construction carries a reputation it does not deserve: crumbling, temporary, poor. Contemporary earth buildings in Auroville, Bengaluru and across the world tell a different story. Stabilised earth is strong, durable and has a fraction of the embodied carbon of fired brick or concrete.</p>
<h2>Two techniques worth knowing</h2>
<p><strong>Rammed earth</strong> walls are made by compacting a damp mix of soil, sand and a little cement in layers inside formwork. The layers stay visible as soft horizontal bands, and the walls need no plaster or paint.</p>
<p><strong>Compressed stabilised earth blocks</strong> are pressed in a manual or hydraulic machine, often on site from the excavated soil itself. They are laid like bricks but need no firing.</p>
<h2>Designing for earth</h2>
<ul>
<li>Give it a good hat and good boots: generous eaves and a raised plinth keep water away.</li>
<li>Test the soil early; the right clay content matters more than anything else.</li>
<li>Plan openings carefully, since cutting into finished walls is difficult.</li>
</ul>
<p>Earth will not suit every project, but for low-rise buildings in most of India it deserves to be the first material considered, not the last.</p>`,
  },
  {
    title: 'Your First Year Out of Architecture School: A Survival Guide',
    url: 'first-year-out-of-architecture-school',
    category: 2,
    author: 'Ar. Kabir Sethi',
    excerpt: 'The first job rarely looks like studio. What to expect, what to learn, and when to move on.',
    keywords: 'architecture career, first job, young architects',
    html: `<p>After five years of design studio, the first months in practice can be a shock. You may spend weeks drawing toilet details or revising a single elevation. That is normal, and it is more valuable than it feels.</p>
<h2>What you are really learning</h2>
<p>Practice teaches how buildings actually get made: how drawings are read on site, how consultants coordinate, how budgets shape every decision. Nobody learns this in school, and it is what makes your later design work credible.</p>
<h2>Make yourself useful quickly</h2>
<ul>
<li>Get fast at the office’s software and standards in your first month.</li>
<li>Ask to visit site, even when it is not your project.</li>
<li>Keep a notebook of details you draw and why they are done that way.</li>
<li>Ask for feedback on one drawing a week.</li>
</ul>
<h2>When to move on</h2>
<p>Two years in one office is often enough to learn what it has to teach. If you are no longer learning, or the work never leaves one project stage, it may be time for a practice with a different scale or type of work.</p>`,
  },
  {
    title: 'Understanding Light: Daylighting Basics for Interior Designers',
    url: 'daylighting-basics-for-interior-designers',
    category: 0,
    author: 'Ritu Malhotra',
    excerpt: 'Good interiors start with daylight. A few rules of thumb go a long way.',
    keywords: 'daylight, interior design, lighting, glare',
    html: `<p>Artificial lighting can be changed with a few fixtures. Daylight is set by the building, and it affects how every colour, material and room feels. Interior designers who understand it make better decisions from the first layout.</p>
<h2>Depth and height</h2>
<p>Useful daylight reaches roughly twice the head height of a window into a room. A deep room with low windows will always need lights on at the back. Placing the kitchen or study near the window and storage deeper inside follows the light rather than fighting it.</p>
<h2>Glare is the real enemy</h2>
<p>Too much direct sun is as much a problem as too little light. Light shelves, sheer curtains and pale ceilings spread daylight deeper while softening contrast. Matt surfaces near windows help; glossy ones bounce glare straight into the eye.</p>
<h2>Colour changes through the day</h2>
<p>North light in India is steady and cool; west light is warm and harsh in the afternoon. Look at material samples in the actual room at different times before you commit.</p>`,
  },
  {
    title: 'What BIM Managers Actually Do, and How to Become One',
    url: 'what-bim-managers-do',
    category: 2,
    author: 'Vikram Joshi',
    excerpt: 'BIM management is less about modelling and more about people, standards and information.',
    keywords: 'bim manager, career, iso 19650, coordination',
    html: `<p>Many architects assume a BIM manager is simply the best Revit user in the office. In practice the role is closer to an information manager: setting up how a whole project team creates, shares and checks data.</p>
<h2>A typical week</h2>
<ul>
<li>Running a coordination meeting and tracking clash resolution.</li>
<li>Updating the BIM execution plan as the team or scope changes.</li>
<li>Auditing models for standards and file health.</li>
<li>Training new team members and writing short guides.</li>
</ul>
<h2>The path there</h2>
<p>Most BIM managers start as modellers, then coordinators. What moves people up is not faster modelling but understanding other disciplines, communicating clearly and being comfortable with standards such as ISO 19650.</p>
<p>If you enjoy solving problems between teams more than perfecting a single drawing, the role is worth considering. Demand is high across infrastructure, healthcare and large commercial projects.</p>`,
  },
  {
    title: 'Designing Streets for People: Five Principles from Great Cities',
    url: 'designing-streets-for-people',
    category: 0,
    author: 'Ar. Priya Menon',
    excerpt:
      'A good street is a place, not just a route. Five principles that apply from Copenhagen to Kochi.',
    keywords: 'urban design, streets, walkability, placemaking',
    html: `<p>Streets make up a large share of public land in most cities, yet we design most of them only for moving vehicles. Great streets, from Las Ramblas to Kochi’s Princess Street, show a different approach.</p>
<ol>
<li><strong>Continuous footpaths.</strong> A pedestrian should never have to step down at every driveway.</li>
<li><strong>Shade.</strong> In Indian cities, trees are infrastructure. A street without shade is empty at noon.</li>
<li><strong>Active edges.</strong> Shops, doors and windows facing the street make it feel safe and interesting.</li>
<li><strong>Room for vending.</strong> Street vendors are part of street life; design space for them rather than against them.</li>
<li><strong>Slower traffic.</strong> Narrower lanes and raised crossings reduce speed more reliably than signs.</li>
</ol>
<p>None of these needs a large budget. Many cities now test them with paint and planters first, then build permanently once the benefit is visible.</p>`,
  },
  {
    title: 'Getting Started with QGIS for Site Analysis',
    url: 'getting-started-with-qgis-for-site-analysis',
    category: 1,
    author: 'Sandeep Bhat',
    excerpt: 'Free, open-source GIS can give you a richer site analysis than any hand-drawn diagram.',
    keywords: 'qgis, gis, site analysis, openstreetmap',
    html: `<p>Site analysis often stops at a few hand-drawn arrows for sun and wind. With QGIS, free and open-source, you can map land use, building footprints, contours and access to transport in an afternoon, using open data.</p>
<h2>A first workflow</h2>
<ol>
<li>Install QGIS and the QuickOSM plugin.</li>
<li>Download building footprints and roads for your site area from OpenStreetMap.</li>
<li>Add a satellite base map to check the data against reality.</li>
<li>Style buildings by use or height, and roads by type.</li>
<li>Draw a 400 m and 800 m walking radius around your site.</li>
</ol>
<h2>Why it is worth it</h2>
<p>Mapping forces you to look at the site’s wider context: where people come from, what is missing nearby, how the block structure works. It turns assumptions into evidence, which makes your design arguments far more convincing in a jury or a client meeting.</p>`,
  },
  {
    title: 'Kyoto’s Machiya: Small Houses with Big Ideas',
    url: 'kyoto-machiya-small-houses-big-ideas',
    category: 4,
    author: 'Ar. Meera Kulkarni',
    excerpt:
      'Narrow, deep and quietly brilliant: what Kyoto’s wooden townhouses teach about living in dense cities.',
    keywords: 'kyoto, machiya, japanese architecture, architecture travel',
    html: `<p>Kyoto’s machiya are wooden townhouses, often only five or six metres wide but up to fifty metres deep. Built for merchants who lived behind their shops, they solved problems that dense Indian cities still face: light, air and privacy on a narrow plot.</p>
<h2>Light from within</h2>
<p>Small gardens called tsuboniwa sit in the middle of the plot, bringing light and air deep into the house. Rooms open onto them through sliding screens, so the whole house can be opened up in summer.</p>
<h2>A layered street edge</h2>
<p>The wooden lattice at the front, the koshi, lets people inside see out while passers-by see little. It is the same idea as a jaali, reached independently on the other side of Asia.</p>
<p>Walking through the Nishijin or Gion neighbourhoods, you realise how much generosity can fit into a small footprint when every square metre is designed with care.</p>`,
  },
  {
    title: 'Material Moodboards That Clients Understand',
    url: 'material-moodboards-clients-understand',
    category: 0,
    author: 'Ritu Malhotra',
    excerpt: 'A moodboard is a design argument, not a collage. How to make one that wins approval.',
    keywords: 'moodboard, materials, interior design, client presentation',
    html: `<p>Many moodboards fail because they show everything the designer likes instead of the decisions the client needs to make. A good board is edited, ordered and honest about what things will look like.</p>
<h2>Start with the hero</h2>
<p>Pick the one material that defines the space, perhaps a terrazzo floor or a teak veneer, and build around it. Everything else should support it in colour, texture or contrast.</p>
<h2>Show proportions</h2>
<p>If the walls are 70 per cent of what the client will see, make the wall finish 70 per cent of the board. Small swatches of large surfaces mislead everyone.</p>
<h2>Bring real samples</h2>
<ul>
<li>Photograph samples in daylight, not under studio light.</li>
<li>Label every item with where it goes and roughly what it costs.</li>
<li>Keep one board per room, with no more than eight materials.</li>
</ul>
<p>Clients who can picture the result decide faster, and projects that start with clear decisions finish with fewer changes.</p>`,
  },
];
