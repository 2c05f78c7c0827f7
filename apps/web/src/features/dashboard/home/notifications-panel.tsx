import { useState } from 'react';
import { BellIcon } from './home-icons';
import { ErrorNote } from '../../../components/ui/load-states';
import { SmartLink } from '../../../components/ui/smart-link';
import { formatDay, istWallClock } from '../../../lib/format';
import { toSafeLink } from '../../../lib/links';
import {
  readBatches,
  useGetHomeNotificationsQuery,
  useMarkNotificationsReadMutation,
  type HomeNotification,
} from '../api/learning-home-api';

export const NOTIFICATIONS_ID = 'notifications';

/** How many notifications show before "Show all". */
const FIRST_PAGE = 6;

/** "just now", "5 min ago", "3 h ago", "2 days ago", or the date for older ones. */
export function timeAgo(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return formatDay(istWallClock(iso)?.date);
}

/** Newest first, whatever order the list came in (ties by id, newest first). */
export function newestFirst(list: readonly HomeNotification[]): HomeNotification[] {
  return [...list].sort((a, b) => {
    const diff = (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0);
    return diff !== 0 ? diff : b.id - a.id;
  });
}

export function unreadWords(count: number): string {
  if (count === 0) return 'All caught up';
  return `${count} unread`;
}

function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: HomeNotification;
  now: number;
  onOpen: (notification: HomeNotification) => void;
}) {
  const [open, setOpen] = useState(false);
  const link = toSafeLink(notification.link);
  const bodyId = `notice-body-${notification.id}`;
  const unread = !notification.isRead;
  return (
    <li className={`dash-notice${unread ? ' dash-notice--unread' : ''}${open ? ' dash-notice--open' : ''}`}>
      <button
        type="button"
        className="dash-notice__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => {
          const next = !open;
          setOpen(next);
          if (next) onOpen(notification);
        }}
      >
        <span className="dash-notice__dot" aria-hidden="true" />
        <span className="dash-notice__title">
          {notification.title}
          {unread ? <span className="visually-hidden"> (unread)</span> : null}
        </span>
        <time className="dash-notice__time" dateTime={notification.createdAt}>
          {timeAgo(notification.createdAt, now)}
        </time>
      </button>
      <div id={bodyId} className="dash-notice__body">
        <p>{notification.body}</p>
        {open && link ? (
          <SmartLink link={link} className="text-link dash-notice__link" onClick={() => onOpen(notification)}>
            Open
            <span className="visually-hidden"> {notification.title}</span>
          </SmartLink>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The learner's notifications (issue 15): newest first, unread ones marked (a dot, bold, and
 * "(unread)" for screen readers), the unread count announced as it changes. Opening one marks it
 * read; "Mark all as read" marks the rest. Links from the API go through `toSafeLink`.
 */
export function NotificationsPanel({ userId, now }: { userId: number; now: number }) {
  const query = useGetHomeNotificationsQuery(userId);
  const [markRead] = useMarkNotificationsReadMutation();
  const [showAll, setShowAll] = useState(false);
  const list = newestFirst(query.currentData ?? []);
  const unread = list.filter((n) => !n.isRead);
  const shown = showAll ? list : list.slice(0, FIRST_PAGE);

  const open = (notification: HomeNotification) => {
    if (!notification.isRead) void markRead({ userId, ids: [notification.id] });
  };
  const markAll = () => {
    for (const ids of readBatches(unread.map((n) => n.id))) void markRead({ userId, ids });
  };

  return (
    <section
      id={NOTIFICATIONS_ID}
      className="dash-card notifications"
      aria-labelledby="notifications-title"
      aria-busy={query.isLoading}
      tabIndex={-1}
    >
      <h2 id="notifications-title" className="dash-card__title">
        Notifications
        {unread.length > 0 ? (
          <span className="dash-count-badge" aria-hidden="true">
            {unread.length}
          </span>
        ) : null}
      </h2>
      <div className="dash-card__bar">
        <p className="dash-card__sub" aria-live="polite" aria-atomic="true">
          {query.currentData ? unreadWords(unread.length) : ''}
        </p>
        {unread.length > 0 ? (
          <button type="button" className="dash-link-button" onClick={markAll}>
            Mark all as read
          </button>
        ) : null}
      </div>
      {query.isLoading ? (
        <div className="dash-notice-skeletons" role="status">
          <span className="visually-hidden">Loading notifications…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="dash-skeleton dash-skeleton--row" aria-hidden="true" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorNote what="Notifications" error={query.error} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <p className="dash-card__empty">No notifications yet. Class reminders and news will show here.</p>
      ) : (
        <>
          <ul className="dash-notice-list">
            {shown.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} />
            ))}
          </ul>
          {list.length > FIRST_PAGE ? (
            <button
              type="button"
              className="dash-link-button dash-notices__more"
              aria-expanded={showAll}
              onClick={() => setShowAll((value) => !value)}
            >
              {showAll ? 'Show fewer' : `Show all ${list.length}`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The bell in the dashboard's header: the unread count at a glance; it takes the learner (and
 * keyboard focus) to the notifications panel, which on a phone sits below the courses.
 */
export function NotificationsBell({ userId }: { userId: number }) {
  const query = useGetHomeNotificationsQuery(userId);
  const unread = (query.currentData ?? []).filter((n) => !n.isRead).length;
  return (
    <button
      type="button"
      className="dash-bell"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      onClick={() => {
        const panel = document.getElementById(NOTIFICATIONS_ID);
        if (!panel) return;
        if (typeof panel.scrollIntoView === 'function') panel.scrollIntoView({ block: 'start' });
        panel.focus({ preventScroll: true });
      }}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className="dash-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}
