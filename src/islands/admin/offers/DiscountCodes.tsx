import { Fragment, useId, useRef, useState } from 'react';
import { useLang, useT } from '~/i18n/islands';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '~/lib/shared/format';
import type { DiscountCode, Offer } from '~/lib/shared/schemas/registrations';
import { FormError } from '~/islands/admin/common/FormError';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { withItemReplaced } from '~/islands/common/list-updates';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { DiscountCodeLimitsForm, NewDiscountCodeForm } from './DiscountCodeForm';
import { listDiscountCodes, updateDiscountCode } from '~/lib/client/api/offers';

const COLUMNS = 6;
const byCode = (a: DiscountCode, b: DiscountCode) => a.code.localeCompare(b.code);

/** An offer's discount codes (and those for every offer): their uses and dates, a new one, a code's limits, deactivate and activate. */
export function DiscountCodes({ offer, id }: { offer: Offer; id: string }) {
  const t = useT();
  const lang = useLang();
  const headingId = useId();
  const loader = useLoader((signal) => listDiscountCodes(offer.id, signal), [offer.id]);
  const changes = useListChanges();
  const [isCreating, setIsCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  // Closing a form gives the focus back to the button that opened it.
  const newButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const closeNewForm = () => {
    setIsCreating(false);
    newButton.current?.focus();
  };
  const closeLimitsForm = (codeId: number) => {
    setEditingId(null);
    editButtons.current.get(codeId)?.focus();
  };
  const codes = loader.state.status === 'ready' ? loader.state.data : null;

  const saved = (code: DiscountCode, message: string) => {
    loader.update((list) => (list.some((known) => known.id === code.id) ? withItemReplaced(list, code) : [...list, code].sort(byCode)));
    notify({ status: 'success', message });
  };

  const discountOf = (code: DiscountCode) => (code.kind === 'percent' ? formatPercent(lang, code.value) : formatMoney(lang, code.value, 'COP'));
  const usesOf = (code: DiscountCode) =>
    code.maxUses === null ? t('admin.offers.codes.usesUnlimited', { uses: formatNumber(lang, code.uses) }) : t('admin.offers.codes.usesOf', { uses: formatNumber(lang, code.uses), max: formatNumber(lang, code.maxUses) });
  const datesOf = (code: DiscountCode) => {
    const from = code.startsAt && formatDateTime(lang, code.startsAt);
    const to = code.endsAt && formatDateTime(lang, code.endsAt);
    if (from && to) return t('admin.offers.codes.between', { from, to });
    if (from) return t('admin.offers.codes.from', { date: from });
    return to ? t('admin.offers.codes.until', { date: to }) : t('admin.offers.codes.always');
  };

  const toggleStatus = (code: DiscountCode) =>
    changes.change(code.id, async () => {
      const next = code.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
      // The limit goes along: the change schema's `maxUses` defaults to null (no limit) when left out.
      saved(await updateDiscountCode(code.id, { status: next, maxUses: code.maxUses }), t(next === 'ACTIVE' ? 'admin.offers.codes.activated' : 'admin.offers.codes.deactivated', { code: code.code }));
    });

  return (
    <section id={id} className="offers-admin__codes" aria-labelledby={headingId}>
      <div className="offers-admin__codes-head">
        <h3 id={headingId}>{t('admin.offers.codes.titleOf', { title: offer.title })}</h3>
        <button ref={newButton} type="button" className="button button--ghost button--small" aria-expanded={isCreating} onClick={() => setIsCreating((value) => !value)}>
          {t('admin.offers.codes.new')}
        </button>
      </div>
      {isCreating && (
        <NewDiscountCodeForm
          offerId={offer.id}
          onCancel={closeNewForm}
          onSaved={(code) => {
            closeNewForm();
            saved(code, t('admin.offers.codes.created', { code: code.code }));
          }}
        />
      )}
      <FormError message={changes.error} />
      <LoadStatus loader={loader} />
      {codes && codes.length === 0 && <p className="empty">{t('admin.offers.codes.empty')}</p>}
      {codes && codes.length > 0 && (
        <div className="table-scroll">
          <table className="admin-table admin-table--cards" aria-label={t('admin.offers.codes.titleOf', { title: offer.title })}>
            <thead>
              <tr>
                <th scope="col">{t('admin.offers.codes.code')}</th>
                <th scope="col">{t('admin.offers.codes.discount')}</th>
                <th scope="col">{t('admin.offers.codes.uses')}</th>
                <th scope="col">{t('admin.offers.codes.dates')}</th>
                <th scope="col">{t('admin.common.status')}</th>
                <th scope="col">{t('admin.common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <Fragment key={code.id}>
                  <tr>
                    <th scope="row" className="offers-admin__code">
                      {code.code}
                      {code.offerId === null && <span className="badge badge--scheduled offers-admin__every">{t('admin.offers.codes.everyOffer')}</span>}
                    </th>
                    <td data-label={t('admin.offers.codes.discount')}>{discountOf(code)}</td>
                    <td data-label={t('admin.offers.codes.uses')}>{usesOf(code)}</td>
                    <td data-label={t('admin.offers.codes.dates')}>{datesOf(code)}</td>
                    <td data-label={t('admin.common.status')}>
                      <span className={code.status === 'ACTIVE' ? 'badge' : 'badge badge--inactive'}>{t(code.status === 'ACTIVE' ? 'admin.common.active' : 'admin.common.inactive')}</span>
                    </td>
                    <td data-label={t('admin.common.actions')}>
                      <div className="row-actions">
                        <button
                          ref={(button) => {
                            if (button) editButtons.current.set(code.id, button);
                            else editButtons.current.delete(code.id);
                          }}
                          type="button"
                          className="button button--ghost button--small"
                          aria-expanded={editingId === code.id}
                          aria-label={t('admin.offers.codes.editFor', { code: code.code })}
                          onClick={() => setEditingId(editingId === code.id ? null : code.id)}
                        >
                          {t('admin.offers.codes.edit')}
                        </button>
                        <button
                          type="button"
                          className={code.status === 'ACTIVE' ? 'button button--danger button--small' : 'button button--ghost button--small'}
                          disabled={changes.busyId === code.id}
                          aria-label={t(code.status === 'ACTIVE' ? 'admin.offers.codes.deactivateFor' : 'admin.offers.codes.activateFor', { code: code.code })}
                          onClick={() => void toggleStatus(code)}
                        >
                          {t(code.status === 'ACTIVE' ? 'admin.offers.codes.deactivate' : 'admin.offers.codes.activate')}
                        </button>
                      </div>
                    </td>
                  </tr>
                  {editingId === code.id && (
                    <tr>
                      <td colSpan={COLUMNS}>
                        <DiscountCodeLimitsForm
                          code={code}
                          onCancel={() => closeLimitsForm(code.id)}
                          onSaved={(changed) => {
                            closeLimitsForm(code.id);
                            saved(changed, t('admin.offers.codes.saved', { code: changed.code }));
                          }}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
