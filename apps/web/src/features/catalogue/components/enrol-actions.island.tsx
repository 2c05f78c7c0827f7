import { lazy, Suspense, useState } from 'react';
import { ChatIcon, DownloadIcon } from '../../../components/ui/icons';
import { defineIsland } from '../../../components/ui/island';
import { useAppDispatch } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';

// The brochure form (issue 16), loaded when the visitor asks for the brochure.
const BrochureDialog = lazy(async () => ({
  default: (await import('../../leads/brochure-dialog')).BrochureDialog,
}));

/** Which counselling popup a course's visitors get (spec §3 popup flags). */
export type CounsellingFlag = 'COUNSELLING_POPUP' | 'BIM_CIVIL_POPUP';

interface EnrolActionsProps {
  workshopId: number;
  batchId: number | null;
  title: string;
  hasBrochure: boolean;
  counselling: CounsellingFlag;
}

/**
 * The enrol card's brochure and counselling buttons: the brochure is a designated lead page
 * (spec §4: a short form, then the PDF); the counsellor's popup opens over the page (the popups
 * island, through the islands' shared UI state).
 */
function EnrolActions({ workshopId, batchId, title, hasBrochure, counselling }: EnrolActionsProps) {
  const dispatch = useAppDispatch();
  const [brochureOpen, setBrochureOpen] = useState(false);
  return (
    <>
      <div className="enrol-card__actions">
        {hasBrochure ? (
          <button type="button" className="button button--quiet" onClick={() => setBrochureOpen(true)}>
            <DownloadIcon className="icon--sm" />
            Brochure <span className="visually-hidden">(PDF)</span>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--quiet"
          onClick={() =>
            dispatch(
              uiActions.openCounsellingAbout({
                flag: counselling,
                interest: { name: title, id: workshopId },
              }),
            )
          }
        >
          <ChatIcon className="icon--sm" />
          Talk to a counsellor
        </button>
      </div>
      {brochureOpen ? (
        <Suspense fallback={null}>
          <BrochureDialog
            workshopId={workshopId}
            batchId={batchId ?? undefined}
            title={title}
            onClose={() => setBrochureOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** In the enrol card, on screen at the top of a course page: hydrated as soon as it is in view. */
export default defineIsland('enrol-actions', EnrolActions, 'visible');
