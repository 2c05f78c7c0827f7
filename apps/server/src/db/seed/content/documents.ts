/*
 * The demo library's PDFs as documents (issue 18: the library listed ~760-byte placeholders as
 * "625 KB" and "1.1 MB"). Each is rendered by `seed/documents.ts` at seed time, stored under its
 * key, and listed with the size of the bytes written. Keys are the resource records' `path`s.
 */

/** One section of a document: a heading, an optional lead paragraph, and its points. */
export interface DocumentSection {
  heading: string;
  lead?: string;
  points: readonly string[];
}

export interface DemoDocument {
  title: string;
  subtitle: string;
  sections: readonly DocumentSection[];
}

export const DEMO_DOCUMENTS: Readonly<Record<string, DemoDocument>> = {
  'resources/standards/room-sizes.pdf': {
    title: 'Residential Room Sizes Cheat Sheet',
    subtitle: 'Working minimums and comfortable sizes for Indian homes, in metres.',
    sections: [
      {
        heading: 'Living and dining',
        lead: 'Sizes are clear internal dimensions, before skirting and plaster.',
        points: [
          'Living room: 3.0 x 3.6 m minimum; 3.6 x 4.8 m is comfortable for a three-seat sofa and two chairs.',
          'Dining for four: 2.7 x 3.0 m; for six: 3.0 x 3.6 m. Keep 0.9 m behind a pulled-out chair.',
          'Circulation past furniture: 0.75 m for one person, 0.9 m where two pass.',
          'Window area: at least one tenth of the floor area for daylight; one twentieth openable for air.',
        ],
      },
      {
        heading: 'Bedrooms',
        points: [
          'Master bedroom: 3.0 x 3.6 m minimum with a queen bed (1.5 x 2.0 m) and a wardrobe run.',
          'Second bedroom: 2.7 x 3.0 m; a single bed (0.9 x 2.0 m) with a study table fits 2.4 x 3.0 m.',
          'Clearance beside a bed: 0.6 m; at its foot: 0.75 m; in front of a wardrobe: 0.9 m.',
          'Wardrobe depth: 0.6 m for hanging; sliding shutters save 0.5 m of swing.',
        ],
      },
      {
        heading: 'Kitchen',
        points: [
          'Parallel kitchen: 2.4 m between walls gives 1.2 m between counters.',
          'L-shaped kitchen: 2.4 x 2.7 m minimum; keep the work triangle between 4 and 7 m.',
          'Counter height 0.85 m, depth 0.6 m; overhead units 0.6 m above the counter, 0.35 m deep.',
          'Keep the hob away from the window and at least 0.3 m from a side wall.',
        ],
      },
      {
        heading: 'Toilets and utility',
        points: [
          'Toilet with shower: 1.2 x 2.1 m; with a separate wet area: 1.5 x 2.4 m.',
          'WC centre line 0.4 m from a side wall; 0.6 m clear in front of it.',
          'Wash basin: 0.8 m high; 0.75 m clear in front.',
          'Utility for a washing machine and a sink: 1.2 x 1.8 m, with a floor trap and a tap at 1.0 m.',
        ],
      },
      {
        heading: 'Check before you draw',
        points: [
          'Local building by-laws and the National Building Code (NBC 2016) set the legal minimums; they win over this sheet.',
          'Furnish every room on plan at 1:50 before fixing walls.',
          'Mark door swings: a 0.9 m door needs a 0.9 m arc clear of furniture.',
        ],
      },
    ],
  },
  'resources/standards/staircases.pdf': {
    title: 'Staircase Design Rules of Thumb',
    subtitle: 'Risers, treads, landings and handrails for homes and small buildings.',
    sections: [
      {
        heading: 'The step',
        lead: 'Comfort comes from the relation of riser and tread, not from either alone.',
        points: [
          'Blondel: 2 risers + 1 tread between 600 and 640 mm.',
          'Residential riser 150 to 190 mm; tread 250 mm or more, measured nosing to nosing.',
          'Public buildings: riser at most 150 mm, tread at least 300 mm.',
          'Every riser in a flight the same height; a 5 mm difference trips people.',
        ],
      },
      {
        heading: 'Flights and landings',
        points: [
          'At most 12 to 15 risers in one flight, then a landing.',
          'Landing depth at least the width of the stair.',
          'Headroom 2.1 m above the pitch line everywhere, including under beams.',
          'Width: 0.9 m in a home, 1.0 m for a dog-leg with furniture to carry, 1.5 m in public buildings.',
        ],
      },
      {
        heading: 'Handrails and balustrades',
        points: [
          'Handrail 0.85 to 0.9 m above the nosing line; 1.0 m at landings.',
          'Gaps in a balustrade no wider than 100 mm, so a child cannot pass.',
          'Handrail 32 to 50 mm across, 50 mm clear of the wall, continuous where it can be.',
        ],
      },
      {
        heading: 'Drawing the stair',
        points: [
          'Start from floor-to-floor height: divide by a trial riser, round to whole risers, recompute.',
          'Draw the section first; the plan follows from tread count and landings.',
          'Show the cut line and the direction of travel (UP arrow from the lower floor).',
        ],
      },
    ],
  },
  'resources/standards/ramp-gradients.pdf': {
    title: 'Ramp Gradients Quick Guide',
    subtitle: 'Accessible ramps, landings and kerbs (after the Harmonised Guidelines 2021).',
    sections: [
      {
        heading: 'Gradients',
        points: [
          '1:12 for a rise up to 150 mm over 1.8 m; the steepest any ramp should be.',
          '1:15 for a rise up to 300 mm over 4.5 m.',
          '1:20 for a rise up to 750 mm over 15 m; above that, a lift.',
          'Cross fall no more than 1:50, only for drainage.',
        ],
      },
      {
        heading: 'Landings and widths',
        points: [
          'Clear width 1.2 m minimum, 1.5 m where wheelchairs pass.',
          'Landing 1.5 x 1.5 m at the top, the bottom and every change of direction.',
          'Intermediate landing every 9 m of run.',
        ],
      },
      {
        heading: 'Edges and surfaces',
        points: [
          'Kerb or upstand of 75 mm on open sides.',
          'Handrails on both sides at 0.76 and 0.9 m, extending 0.3 m past each end.',
          'Firm, slip-resistant surface; tactile warning strip 0.3 m before the top and bottom.',
        ],
      },
    ],
  },
  'resources/standards/waterproofing-details.pdf': {
    title: 'Waterproofing Details Sheet',
    subtitle: 'Terraces, toilets and basements: layers in order, and where they fail.',
    sections: [
      {
        heading: 'Terraces',
        lead: 'Most leaks start at edges and outlets, not in the middle of the slab.',
        points: [
          'Slope the screed 1:100 towards outlets; one outlet per 40 square metres.',
          'Membrane turned up 300 mm on parapets and tucked into a groove.',
          'Coving of 50 mm radius where slab meets parapet, before the membrane.',
          'Protective screed and tiles over the membrane; ponding test for 48 hours first.',
        ],
      },
      {
        heading: 'Toilets',
        points: [
          'Sunken slab: membrane on the base and up the sides, then filler, then a second layer under tiles.',
          'Wall membrane 300 mm above floor, 1.8 m in the shower area.',
          'Seal around every pipe sleeve with a collar; most toilet leaks are at pipes.',
          'Flood test for 24 hours before tiling.',
        ],
      },
      {
        heading: 'Basements',
        points: [
          'Box-type: membrane below the raft and outside the retaining walls, in one continuous envelope.',
          'Water stops at every construction joint.',
          'Drain behind retaining walls to relieve water pressure.',
        ],
      },
    ],
  },
  'resources/revit/family-creation-guide.pdf': {
    title: 'Revit Family Creation Guide',
    subtitle: 'How our parametric door and window families are built, step by step.',
    sections: [
      {
        heading: 'Plan the family',
        points: [
          'Start from the right template: Door.rft or Window.rft hosts in a wall.',
          'List the parameters before modelling: width, height, frame depth, material.',
          'Decide type versus instance: sizes are type parameters, sill height an instance one.',
        ],
      },
      {
        heading: 'Reference planes and dimensions',
        points: [
          'Draw reference planes first; name them (Left, Right, Head, Sill).',
          'Dimension between planes and label the dimensions with parameters.',
          'Use EQ constraints to keep the opening centred on the origin.',
          'Flex the family after every step: change width and height, check nothing breaks.',
        ],
      },
      {
        heading: 'Geometry',
        points: [
          'Lock extrusions to reference planes, never to other geometry.',
          'Frame and leaf as separate extrusions, each with its material parameter.',
          'Nest the handle as a shared family so schedules can count it.',
        ],
      },
      {
        heading: 'Visibility and plan symbols',
        points: [
          'Coarse: opening and swing only; Medium: frame; Fine: all geometry.',
          'Swing as symbolic lines in plan, visible only in plan views.',
          'Test in a project: host in walls of three thicknesses, schedule it, tag it.',
        ],
      },
    ],
  },
  'resources/public/thesis-topics.pdf': {
    title: 'Architecture Thesis Topic Ideas',
    subtitle: 'A reading list and forty starting points for a B.Arch thesis.',
    sections: [
      {
        heading: 'Choosing a topic',
        points: [
          'Pick a site you can visit at least three times during the semester.',
          'A thesis asks a question; a building type alone is not yet a question.',
          'Check that drawings, data and people you need are within reach.',
        ],
      },
      {
        heading: 'Housing and the city',
        points: [
          'Rental housing for migrant workers near an industrial estate.',
          'Redeveloping a chawl without displacing its residents.',
          'A street-vending market that keeps the street alive after dark.',
          'Adaptive reuse of a closed textile mill as a neighbourhood centre.',
        ],
      },
      {
        heading: 'Climate and resources',
        points: [
          'A net-zero school in a composite climate.',
          'A stepwell revived as a public water and cooling space.',
          'Flood-resilient housing on a river edge.',
          'Earth and bamboo construction for a rural health centre.',
        ],
      },
      {
        heading: 'Reading list',
        points: [
          'Charles Correa, Housing and Urbanisation (1999).',
          'Christopher Alexander et al., A Pattern Language (1977).',
          'Rahul Mehrotra, Architecture in India since 1990 (2011).',
          'Laurie Baker, Mud (1993).',
          'Jan Gehl, Life Between Buildings (1971).',
        ],
      },
    ],
  },
  'resources/public/site-analysis-checklist.pdf': {
    title: 'Site Analysis Checklist',
    subtitle: 'What to record on a site visit, and how to draw it.',
    sections: [
      {
        heading: 'Before the visit',
        points: [
          'Survey plan, contours and the development control rules for the plot.',
          'Sun path and wind rose for the city; rainfall by month.',
          'Satellite images from two or three years apart, to see change.',
        ],
      },
      {
        heading: 'On site',
        points: [
          'Edges: roads, neighbours, heights of buildings around, setbacks.',
          'Access: entries, bus stops, where people actually walk.',
          'Trees: species, canopy spread, which to keep.',
          'Noise and smell sources; views in and out.',
          'Photograph every edge from inside and outside; note the time.',
        ],
      },
      {
        heading: 'Drawing it up',
        points: [
          'One base plan at 1:500; each layer (sun, wind, access, views) as its own overlay.',
          'A section through the site showing the ground and the buildings around.',
          'End with opportunities and constraints: five of each, in plain words.',
        ],
      },
    ],
  },
  'resources/public/working-drawing-sample.pdf': {
    title: 'Working Drawing Set Sample',
    subtitle: 'Sheet list, title block and a drawing checklist for a two-storey house.',
    sections: [
      {
        heading: 'Sheet list',
        points: [
          'A-001 Cover, sheet index and general notes.',
          'A-101 Site plan 1:200; A-102 Ground floor plan 1:50; A-103 First floor plan 1:50.',
          'A-201 Elevations 1:50; A-301 Sections 1:50.',
          'A-401 Staircase details 1:20; A-402 Toilet details 1:20.',
          'A-501 Door and window schedule.',
        ],
      },
      {
        heading: 'Plan checklist',
        points: [
          'Grid lines and running dimensions tied to the grid.',
          'Wall thicknesses and openings dimensioned to the structural grid.',
          'Floor levels, slopes and sunk areas marked.',
          'Door and window tags matching the schedule.',
          'North arrow, scale bar and section marks on every plan.',
        ],
      },
      {
        heading: 'Sections and details',
        points: [
          'Levels: plinth, sill, lintel, slab, parapet.',
          'Build-up of floor and roof layers with thicknesses.',
          'Detail callouts pointing to the sheet that shows them.',
        ],
      },
      {
        heading: 'Title block',
        points: [
          'Project, client, sheet title and number, scale, date and revision.',
          'Drawn, checked and approved, with initials.',
          'Revision table: what changed and when.',
        ],
      },
    ],
  },
};
