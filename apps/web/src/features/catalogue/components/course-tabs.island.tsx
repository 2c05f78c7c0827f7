import { defineIsland } from '../../../components/ui/island';
import { Tabs } from '../../../components/ui/tabs';
import type { CardWorkshop } from './workshop-card';
import { WorkshopRail } from './workshop-rail';

interface CourseGroup {
  id: number;
  name: string;
  workshops: CardWorkshop[];
}

/** The home page's courses by discipline: one tab per discipline, its rail in the panel. */
function CourseTabs({ groups, currency }: { groups: CourseGroup[]; currency: string }) {
  return (
    <Tabs
      label="Disciplines"
      id="course-tabs"
      items={groups.map((group) => ({
        id: group.id,
        label: group.name,
        panel: (
          <WorkshopRail workshops={group.workshops} currency={currency} empty="Our next cohorts open soon." />
        ),
      }))}
    />
  );
}

export default defineIsland('course-tabs', CourseTabs, 'visible');
