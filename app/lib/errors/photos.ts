import { ERR } from "../errids";
import { ALBUM, PHOTO } from "../photos";

/** Refusals of photo uploads and of photos attached to questions, answers and comments: errids 600–619 (avatars and albums 610–619). */
export const PHOTO_ERRORS = {
  [ERR.photoMissing]: { status: 400, text: "Выберите фото для загрузки" },
  [ERR.photoWrongFormat]: { status: 400, text: "Неверный формат файла. Можно загрузить фото в формате JPEG, PNG или GIF" },
  [ERR.photoTooLarge]: { status: 413, text: `Файл слишком большой: можно загрузить фото не больше ${PHOTO.maxBytes / 1024 / 1024} МБ` },
  [ERR.photoTooManyPixels]: { status: 400, text: "Фото слишком большое: не больше 12 мегапикселей" },
  [ERR.photoUrlInvalid]: { status: 400, text: "Введите ссылку на фото: адрес http или https не длиннее 1000 символов" },
  [ERR.photoUrlForbidden]: { status: 400, text: "По этой ссылке фото загрузить нельзя" },
  [ERR.photoUrlFailed]: { status: 400, text: "Не удалось загрузить фото по ссылке. Проверьте ссылку или загрузите фото с устройства" },
  [ERR.photoGone]: { status: 404, text: "Фото не найдено" },
  [ERR.photoNotYours]: { status: 403, text: "Прикрепить можно только свои фото" },
  [ERR.photoTooMany]: { status: 400, text: `Можно прикрепить не больше ${PHOTO.perItem} фото` },
  // avatars and albums
  [ERR.avatarNotYours]: { status: 403, text: "Менять аватар может только владелец профиля" },
  [ERR.avatarNone]: { status: 400, text: "У вас нет своего аватара: показывается стандартный" },
  [ERR.albumMissing]: { status: 404, text: "Альбом не найден" },
  [ERR.albumTitleInvalid]: { status: 400, text: `Введите название альбома: от 1 до ${ALBUM.titleMax} символов` },
  [ERR.albumPrivacyInvalid]: { status: 400, text: "Выберите, кому виден альбом: всем, только подписчикам или только вам" },
  [ERR.albumNotYours]: { status: 403, text: "Менять альбом и его фото может только владелец" },
  [ERR.albumsTooMany]: { status: 400, text: `Можно создать не больше ${ALBUM.perUser} альбомов` },
  [ERR.photoInText]: { status: 400, text: "Это фото показано в вашем тексте: уберите его из текста, и его можно будет удалить" },
} as const satisfies Record<number, { status: number; text: string }>;
