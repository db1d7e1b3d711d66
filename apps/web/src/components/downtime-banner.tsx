import { DOWNTIME_BANNER_UNTIL, Messages } from '@filmroom/contract';

export function isDowntimeBannerActive(now: Date): boolean {
  return now.getTime() < new Date(DOWNTIME_BANNER_UNTIL).getTime();
}

/** The yellow downtime notice, shown only until the announced upgrade (spec §2). */
export function DowntimeBanner({ now }: { now: Date }) {
  if (!isDowntimeBannerActive(now)) return null;
  return (
    <div className="downtime-banner" role="status">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{Messages.downtimeBanner}</span>
    </div>
  );
}
