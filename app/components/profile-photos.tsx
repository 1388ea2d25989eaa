import { Island } from "../islands/island";
import { ALBUM, ALBUM_PRIVACY_TITLES, type AlbumPrivacy, albumPath } from "../lib/photos";
import { countOf, type Forms } from "../lib/plural";
import type { AlbumItem, AlbumPhoto } from "../models/photos/album-reads.server";
import { CallButton, CallForm } from "./forms";

const PHOTO_WORD: Forms = ["фото", "фото", "фото"];

/** The privacy choice of an album's forms: everyone, the followers, the owner alone. */
function PrivacySelect({ value = 0, testId }: { value?: AlbumPrivacy; testId: string }) {
  return (
    <label>
      Кто видит альбом{" "}
      <select name="privacy" defaultValue={String(value)} data-testid={testId}>
        {(Object.entries(ALBUM_PRIVACY_TITLES) as [string, string][]).map(([v, title]) => (
          <option key={v} value={v}>
            {title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The owner's form for a new album (a plain form to the form door; it opens the new album). */
function NewAlbumForm({ uid }: { uid: number }) {
  return (
    <CallForm call="addalbum" back={`/profile/id${uid}/photos`} className="album-form" testId="album-new">
      <label>
        Название альбома <input name="title" required maxLength={ALBUM.titleMax} data-testid="album-title" />
      </label>
      <PrivacySelect testId="album-privacy" />
      <button className="btn btn-small" type="submit">
        Создать альбом
      </button>
    </CallForm>
  );
}

/** The photos tab: the albums this reader may see, each with its cover (the newest photo at 120), title and size; the owner's form for a new one. */
export function AlbumsBody({ items, uid, isOwner }: { items: AlbumItem[]; uid: number; isOwner: boolean }) {
  return (
    <>
      {isOwner ? <NewAlbumForm uid={uid} /> : null}
      {items.length === 0 ? (
        <p className="muted" data-testid="profile-empty">
          {isOwner ? "У вас пока нет альбомов" : "Альбомов пока нет"}
        </p>
      ) : (
        <ul className="album-list" data-testid="albums">
          {items.map((a) => (
            <li key={a.aid} data-album-id={a.aid}>
              <a href={albumPath(uid, a.aid)} className="album-cover">
                {a.cover ? <img src={a.cover} width={120} height={120} alt="" loading="lazy" /> : <span className="album-empty" aria-hidden="true" />}
                <span className="album-title">{a.title}</span>
              </a>
              <span className="muted">
                {countOf(a.size, PHOTO_WORD)}
                {isOwner ? ` · ${ALBUM_PRIVACY_TITLES[a.privacy]}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The owner's controls of an album: upload a photo into it, rename it or change who sees it, delete it. */
function AlbumOwnerForms({ album, uid, back }: { album: AlbumItem; uid: number; back: string }) {
  return (
    <div className="album-forms" data-testid="album-owner">
      <form
        method="post"
        encType="multipart/form-data"
        action={`/do/upload?return=${encodeURIComponent(back)}`}
        className="album-form"
        data-testid="album-upload"
      >
        <input type="hidden" name="aid" value={album.aid} />
        <label>
          Фото <input type="file" name="file" accept="image/jpeg,image/png,image/gif" required data-testid="album-file" />
        </label>
        <button className="btn btn-small" type="submit">
          Загрузить фото
        </button>
      </form>
      <CallForm call="editalbum" back={back} fields={{ aid: album.aid }} className="album-form" testId="album-edit">
        <label>
          Название <input name="title" required maxLength={ALBUM.titleMax} defaultValue={album.title} data-testid="album-edit-title" />
        </label>
        <PrivacySelect value={album.privacy} testId="album-edit-privacy" />
        <button className="btn btn-small" type="submit">
          Сохранить
        </button>
      </CallForm>
      <CallButton call="delalbum" back={`/profile/id${uid}/photos`} fields={{ aid: album.aid }} label="Удалить альбом" testId="album-delete" />
    </div>
  );
}

/**
 * An album's page: its title and size, 12 photos a page (each its 120 preview, a link to its own
 * page, opened over the page by the viewer island), the owner's controls and 'Удалить' under each
 * of his photos.
 */
export function AlbumBody({ album, items, uid, isOwner, offset }: { album: AlbumItem; items: AlbumPhoto[]; uid: number; isOwner: boolean; offset: number }) {
  const back = albumPath(uid, album.aid, offset);
  return (
    <section className="album" data-testid="album" aria-labelledby="album-title">
      <p>
        <a href={`/profile/id${uid}/photos`}>‹ Все альбомы</a>
      </p>
      <h2 id="album-title">{album.title}</h2>
      <p className="muted" data-testid="album-meta">
        {countOf(album.size, PHOTO_WORD)}
        {isOwner ? ` · видят: ${ALBUM_PRIVACY_TITLES[album.privacy].toLowerCase()}` : ""}
      </p>
      {isOwner ? <AlbumOwnerForms album={album} uid={uid} back={back} /> : null}
      {items.length === 0 ? (
        <p className="muted" data-testid="profile-empty">
          В альбоме пока нет фото
        </p>
      ) : (
        <ul className="photos album-grid" data-testid="album-photos">
          {items.map((ph, i) => (
            <li key={ph.pid} id={`photo-${ph.pid}`}>
              <a className="photo-link" href={ph.url} data-photo={ph.pid} data-big={ph.src_big}>
                <img src={ph.src_small} width={120} height={120} alt={`Фото ${offset + i + 1}`} loading="lazy" />
              </a>
              {isOwner ? <CallButton call="delphoto" back={back} fields={{ pid: ph.pid }} label="Удалить" testId="album-photo-delete" /> : null}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 ? <Island name="photo-viewer" props={{}} when="idle" /> : null}
      {offset > 0 ? (
        <div className="pager">
          <a className="btn" rel="prev" href={albumPath(uid, album.aid, Math.max(0, offset - ALBUM.perPage))} data-testid="album-prev">
            Назад
          </a>
        </div>
      ) : null}
    </section>
  );
}
