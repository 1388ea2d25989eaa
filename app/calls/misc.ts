import { z } from "zod";
import { SectionListInput, readCatBrands, readCategories, readGolden, readLeadQst } from "../models/categories/category-reads.server";
import { search, SearchInput } from "../models/search/search.server";
import { suggest, SuggestInput } from "../models/search/suggest.server";
import { readUsrSettings, setUsrSetting, UsrSettingsInput, UsrSettingsSetInput } from "../models/users/settings.server";
import { DwhInput, trackEvent } from "../models/core/track.server";
import { FavCategoryInput, favCategory } from "../models/categories/favorites.server";
import { defineCall, type NamedCall } from "./define";

/**
 * The remaining named calls (docs/decisions/0012-misc-calls.md): the category tree and the brands
 * of each category, the leader questions and the gold fund, the client's settings, the tracking
 * events, the question search (at /api/search/search) and the search box's suggestions. Anyone
 * may send tracking events, search and ask for suggestions, so each is limited per address
 * (`rate`, docs/decisions/0022). Questions of the adult categories are found only for a reader who
 * confirmed being an adult.
 */
export const miscCalls: Record<string, NamedCall> = {
  getCategories: defineCall({
    method: "GET",
    input: z.object({}),
    run: (c) => readCategories(c.env, c.now, c.session?.user.favs),
  }),
  favCategory: defineCall({
    method: "POST",
    input: FavCategoryInput,
    run: (c, input) => favCategory(c.env, c.session, input, c.now),
  }),
  catbrands: defineCall({
    method: "GET",
    input: z.object({}),
    run: (c) => readCatBrands(c.env),
  }),
  leadqst: defineCall({
    method: "GET",
    input: SectionListInput,
    run: async (c, input) => readLeadQst(c.env, input, c.now, c.reader.adult),
  }),
  golden: defineCall({
    method: "GET",
    input: SectionListInput,
    run: async (c, input) => readGolden(c.env, input, c.now, c.reader.adult),
  }),
  usrsettings: defineCall({
    method: "GET",
    input: UsrSettingsInput,
    run: (c, input) => readUsrSettings(c.env, c.session, input),
  }),
  usrsettings_set: defineCall({
    method: "POST",
    input: UsrSettingsSetInput,
    run: (c, input) => setUsrSetting(c.env, c.session, input),
  }),
  dwh: defineCall({
    method: "POST",
    input: DwhInput,
    rate: "dwh",
    run: (c, input) => trackEvent(c.env, c.session, input, c.now, c.req),
  }),
  search: defineCall({
    method: "GET",
    door: "search",
    input: SearchInput,
    rate: "search",
    run: async (c, input) => search(c.env, input, c.reader.adult, c.now),
  }),
  suggest: defineCall({
    method: "GET",
    input: SuggestInput,
    rate: "suggest",
    run: async (c, input) => suggest(c.env, input, c.reader.adult, c.now),
  }),
};
