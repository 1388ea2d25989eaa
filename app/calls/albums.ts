import { AlbumInput, AlbumsInput, readAlbum, readAlbums } from "../models/photos/album-reads.server";
import { AddAlbumInput, addAlbum, DelAlbumInput, DelPhotoInput, delAlbum, delPhoto, EditAlbumInput, editAlbum } from "../models/photos/albums.server";
import { defineCall, type NamedCall } from "./define";

/** The cached pages an album's change drops: the owner's photos tab and the album's first page (its further pages follow within the page cache's minute). */
export const albumPages = (r: { usrid: number; aid: number | null }) => [
  `/profile/id${r.usrid}/photos`,
  ...(r.aid !== null ? [`/profile/id${r.usrid}/photos/${r.aid}`] : []),
];

/**
 * Photo albums (docs/decisions/0044-avatars-and-albums.md): albums (a user's albums the reader may
 * see) and album (an album's photos, 12 a page from offset p); the owner's addalbum, editalbum,
 * delalbum and delphoto. A photo goes into an album through the upload calls with `aid`.
 */
export const albumCalls: Record<string, NamedCall> = {
  albums: defineCall({ method: "GET", input: AlbumsInput, run: (c, input) => readAlbums(c.env, c.session, input) }),
  album: defineCall({ method: "GET", input: AlbumInput, run: (c, input) => readAlbum(c.env, c.session, input) }),
  addalbum: defineCall({ method: "POST", input: AddAlbumInput, run: (c, input) => addAlbum(c.env, c.session, input, c.now), purge: albumPages }),
  editalbum: defineCall({ method: "POST", input: EditAlbumInput, run: (c, input) => editAlbum(c.env, c.session, input), purge: albumPages }),
  delalbum: defineCall({ method: "POST", input: DelAlbumInput, run: (c, input) => delAlbum(c.env, c.session, input), purge: albumPages }),
  delphoto: defineCall({
    method: "POST",
    input: DelPhotoInput,
    run: (c, input) => delPhoto(c.env, c.session, input),
    purge: (r) => [...albumPages(r), `/photo/${r.pid}`],
  }),
};
