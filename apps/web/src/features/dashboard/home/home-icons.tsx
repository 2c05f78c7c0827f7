import { Svg } from '../../../components/ui/icons';

/** Line icons of the dashboard home, in the shared frame of components/ui/icons.tsx; always decorative. */
export function BellIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </Svg>
  );
}

export function LockIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
    </Svg>
  );
}

export function PlaneIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M10.5 13.5 3 11l1.5-1.5 8 .5 4.5-4.5a1.8 1.8 0 0 1 2.5 2.5L15 12.5l.5 8L14 22l-2.5-7.5" />
    </Svg>
  );
}
