import { useEffect, useId, useRef, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { PAGE_SIZE } from '~/lib/shared/pagination';
import type { Offer } from '~/lib/shared/schemas/registrations';
import { Pager } from '~/islands/admin/common/Pager';
import { withItemFirst, withItemReplaced } from '~/islands/common/list-updates';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { DiscountCodes } from './DiscountCodes';
import { OfferCard } from './OfferCard';
import { OfferForm } from './OfferForm';
import { listOffers } from '~/lib/client/api/offers';

/** The dictionary prefixes the island reads (the page picks them in its language). */
export const OFFERS_ADMIN_MESSAGES = ['common.', 'admin.common.', 'admin.overview.previous', 'admin.overview.next', 'admin.offers.'];

export interface OffersAdminProps {
  lang: Language;
  messages: Messages;
}

function Offers() {
  const t = useT();
  const ids = useId();
  const [page, setPage] = useState(1);
  const [isCreating, setIsCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The offer whose form just closed: its "Edit" button takes the focus back.
  const [focusBackId, setFocusBackId] = useState<number | null>(null);
  const [codesShown, setCodesShown] = useState<ReadonlySet<number>>(new Set());
  const loader = useLoader((signal) => listOffers(page, signal), [page], { keepData: true });
  const list = loader.state.status === 'ready' ? loader.state.data : null;

  useEffect(() => {
    if (list && list.results.length === 0 && page > 1) setPage(page - 1);
  }, [list, page]);

  const closeNewForm = () => {
    setIsCreating(false);
    newButton.current?.focus();
  };
  const closeForm = (offerId: number) => {
    setEditingId(null);
    setFocusBackId(offerId);
  };
  const toggleCodes = (offerId: number) =>
    setCodesShown((shown) => {
      const next = new Set(shown);
      if (!next.delete(offerId)) next.add(offerId);
      return next;
    });

  return (
    <div className="offers-admin">
      <div className="admin-actions">
        <button ref={newButton} type="button" className="button button--primary" aria-expanded={isCreating} onClick={() => setIsCreating((value) => !value)}>
          {t('admin.offers.new')}
        </button>
      </div>
      {isCreating && (
        <OfferForm
          onCancel={closeNewForm}
          onSaved={(offer) => {
            closeNewForm();
            notify({ status: 'success', message: t('admin.offers.created', { title: offer.title }) });
            if (page === 1) loader.update((current) => withItemFirst(current, offer));
            else setPage(1);
          }}
        />
      )}

      <LoadStatus loader={loader} />
      {list && list.count === 0 && <p className="empty">{t('admin.offers.empty')}</p>}
      {list && list.count > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {t('admin.offers.count', { count: list.count })}
          </p>
          <ul className="offers-admin__list" aria-label={t('admin.offers.listLabel')} aria-busy={loader.isReloading}>
            {list.results.map((offer: Offer) => (
              <li key={offer.id} className="offers-admin__item">
                {editingId === offer.id ? (
                  <OfferForm
                    offer={offer}
                    onCancel={() => closeForm(offer.id)}
                    onSaved={(changed) => {
                      closeForm(offer.id);
                      notify({ status: 'success', message: t('admin.offers.saved', { title: changed.title }) });
                      loader.update((current) => ({ ...current, results: withItemReplaced(current.results, changed) }));
                    }}
                  />
                ) : (
                  <OfferCard
                    offer={offer}
                    codesId={`${ids}-codes-${offer.id}`}
                    areCodesShown={codesShown.has(offer.id)}
                    isFocusedBack={focusBackId === offer.id}
                    onEdit={() => {
                      setFocusBackId(null);
                      setEditingId(offer.id);
                    }}
                    onToggleCodes={() => toggleCodes(offer.id)}
                  />
                )}
                {codesShown.has(offer.id) && <DiscountCodes offer={offer} id={`${ids}-codes-${offer.id}`} />}
              </li>
            ))}
          </ul>
          <Pager
            page={list}
            label={t('admin.offers.pages')}
            previousLabel={t('admin.overview.previous')}
            nextLabel={t('admin.overview.next')}
            position={t('admin.offers.pagePosition', { page, pages: Math.max(1, Math.ceil(list.count / PAGE_SIZE)) })}
            disabled={loader.isReloading}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
          />
        </>
      )}
    </div>
  );
}

/** The admin offers page: every offer, create and edit one, and each offer's discount codes. */
export default function OffersAdmin({ lang, messages }: OffersAdminProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Offers />
    </IslandI18n>
  );
}
