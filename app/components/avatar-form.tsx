import { Island } from "../islands/island";

export type AvatarFormProps = { uid: number; hasAvatar: boolean };

/**
 * The owner's avatar controls under his profile header: a plain multipart form to the form door
 * (choose a file, «Сохранить аватар») and «Удалить аватар» when he has one. The avatar-form island
 * takes the form over: the chosen file is shown at 120 at once and uploaded, its preview removed
 * when the upload is refused.
 */
export function AvatarFormMarkup({ uid, hasAvatar }: AvatarFormProps) {
  const back = `/profile/id${uid}`;
  return (
    <div className="avatar-form" data-testid="avatar-form">
      <form method="post" encType="multipart/form-data" action={`/do/filin?return=${encodeURIComponent(back)}`} className="avatar-upload">
        <label>
          {hasAvatar ? "Сменить аватар" : "Загрузить аватар"}{" "}
          <input type="file" name="file" accept="image/jpeg,image/png,image/gif" required data-testid="avatar-file" />
        </label>
        <span className="avatar-preview" data-avatar-preview="" />
        <button className="btn btn-small" type="submit" data-avatar-submit="">
          Сохранить аватар
        </button>
      </form>
      {hasAvatar ? (
        <form method="post" action={`/do/delfilin?return=${encodeURIComponent(back)}`} className="inline-form">
          <button className="btn btn-small" type="submit" data-testid="avatar-remove">
            Удалить аватар
          </button>
        </form>
      ) : null}
    </div>
  );
}

export function AvatarForm(props: AvatarFormProps) {
  return <Island name="avatar-form" of={AvatarFormMarkup} props={props} when="visible" />;
}
