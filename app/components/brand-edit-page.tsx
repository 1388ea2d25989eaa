import { LIMITS } from "../lib/limits";
import type { BrandEditPage } from "../models/brands/brand-edit.server";
import { CallForm } from "./forms";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";

const FIELD_TITLES: Record<string, string> = {
  name: "Название",
  personName: "Имя представителя",
  personText: "Текст представителя",
  logo: "Логотип",
  url: "Сайт",
};

/** /admin/brand/edit/{id}: the form (a plain form to brand_edit) and the brand's latest changes. */
export function BrandEditPageView({ data }: { data: BrandEditPage & { now: number; saved: boolean } }) {
  const { brand } = data;
  const back = `/admin/brand/edit/${brand.id}?saved=1`;
  return (
    <main className="page">
      <div className="card narrow" data-testid="brand-edit">
        <h1>Редактирование бренда</h1>
        <p>
          <a href={`/${brand.urlname}/`}>{brand.name}</a>
        </p>
        {data.saved ? (
          <p className="form-ok" role="status" data-testid="brand-saved">
            Изменения сохранены
          </p>
        ) : null}
        <CallForm call="brand_edit" back={back} fields={{ id: brand.id }} className="stack-form" testId="brand-edit-form">
          <label htmlFor="brand-name">Название</label>
          <input className="field-wide" id="brand-name" name="name" type="text" maxLength={100} required defaultValue={brand.name} />
          <label htmlFor="brand-personname">Имя представителя</label>
          <input className="field-wide" id="brand-personname" name="personname" type="text" maxLength={100} defaultValue={brand.personName} />
          <label htmlFor="brand-persontext">Текст представителя</label>
          <textarea className="field-wide" id="brand-persontext" name="persontext" maxLength={1000} rows={4} defaultValue={brand.personText} />
          <label htmlFor="brand-logo">Логотип (адрес картинки)</label>
          <input className="field-wide" id="brand-logo" name="logo" type="text" inputMode="url" maxLength={LIMITS.linkField} defaultValue={brand.logo ?? ""} />
          <label htmlFor="brand-url">Сайт бренда</label>
          <input className="field-wide" id="brand-url" name="url" type="text" inputMode="url" maxLength={LIMITS.linkField} defaultValue={brand.url ?? ""} />
          <button className="btn" type="submit">
            Сохранить
          </button>
        </CallForm>
      </div>
      <div className="card narrow">
        <h2>Изменения</h2>
        {data.log.length === 0 ? (
          <p className="muted">Бренд ещё не меняли</p>
        ) : (
          <ul className="qlist" data-testid="brand-edit-log">
            {data.log.map((item) => (
              <li key={item.id}>
                <div className="meta muted">
                  <UserLink user={item.moder} />
                  <TimeAgo at={item.added} now={data.now} />
                </div>
                <ul>
                  {Object.entries(item.changes).map(([field, [from, to]]) => (
                    <li key={field}>{`${FIELD_TITLES[field] ?? field}: «${from ?? ""}» → «${to ?? ""}»`}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
