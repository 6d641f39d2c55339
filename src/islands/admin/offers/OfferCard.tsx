import { useEffect, useRef } from 'react';
import { useLang, useT } from '~/i18n/islands';
import { formatDateTime, formatMoney, formatNumber } from '~/lib/shared/format';
import type { Offer } from '~/lib/shared/schemas/registrations';

interface Props {
  offer: Offer;
  /** The id of the offer's discount codes section, when shown. */
  codesId: string;
  areCodesShown: boolean;
  /** Focus "Edit" (the offer's form just closed). */
  isFocusedBack: boolean;
  onEdit(): void;
  onToggleCodes(): void;
}

/** Where an offer stands for the public: open, not open yet, full, closed, or inactive. */
function stateOf(offer: Offer, now = Date.now()): { key: string; className: string } {
  if (offer.status !== 'ACTIVE') return { key: 'admin.offers.state.inactive', className: 'badge badge--inactive' };
  if (offer.isOpen) return { key: 'admin.offers.state.open', className: 'badge' };
  if (Date.parse(offer.closesAt) <= now) return { key: 'admin.offers.state.closed', className: 'badge badge--inactive' };
  if (Date.parse(offer.opensAt) > now) return { key: 'admin.offers.state.upcoming', className: 'badge badge--scheduled' };
  return { key: 'admin.offers.state.full', className: 'badge badge--scheduled' };
}

/** One offer: its cohort, seats left, prices and window, with edit, its discount codes and its public page. */
export function OfferCard({ offer, codesId, areCodesShown, isFocusedBack, onEdit, onToggleCodes }: Props) {
  const t = useT();
  const lang = useLang();
  const editButton = useRef<HTMLButtonElement>(null);
  const state = stateOf(offer);

  useEffect(() => {
    if (isFocusedBack) editButton.current?.focus();
  }, [isFocusedBack]);

  return (
    <article className="offers-admin__offer">
      <div className="offers-admin__offer-head">
        <h2>{offer.title}</h2>
        <span className={state.className}>{t(state.key)}</span>
      </div>
      <dl className="account-facts offers-admin__facts">
        <dt>{t('admin.offers.cohort')}</dt>
        <dd>{offer.programName ? t('admin.offers.cohortOfProgram', { cohort: offer.cohortName, program: offer.programName }) : offer.cohortName}</dd>
        <dt>{t('admin.offers.seats')}</dt>
        <dd>{t('admin.offers.seatsLeft', { left: formatNumber(lang, offer.seatsLeft), count: offer.seats })}</dd>
        <dt>{t('admin.offers.priceShort')}</dt>
        <dd>{offer.price === 0 ? t('admin.offers.free') : formatMoney(lang, offer.price, 'COP')}</dd>
        <dt>{t('admin.offers.paypal')}</dt>
        <dd>{offer.priceUsd === null ? t('admin.offers.noPaypal') : formatMoney(lang, offer.priceUsd, 'USD')}</dd>
        <dt>{t('admin.offers.window')}</dt>
        <dd>{t('admin.offers.windowDates', { opens: formatDateTime(lang, offer.opensAt), closes: formatDateTime(lang, offer.closesAt) })}</dd>
      </dl>
      <div className="admin-actions">
        <button ref={editButton} type="button" className="button button--ghost button--small" aria-label={t('admin.offers.editTitle', { title: offer.title })} onClick={onEdit}>
          {t('admin.common.edit')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={areCodesShown}
          aria-controls={areCodesShown ? codesId : undefined}
          aria-label={t('admin.offers.codes.titleOf', { title: offer.title })}
          onClick={onToggleCodes}
        >
          {t('admin.offers.codes.title')}
        </button>
        <a className="button button--ghost button--small" href={`/offers/${offer.slug}`} aria-label={t('admin.offers.publicPageOf', { title: offer.title })}>
          {t('admin.offers.publicPage')}
        </a>
      </div>
    </article>
  );
}
