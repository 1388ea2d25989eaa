import { BrandFollowInput, followBrand, GetBrandsInput, readBrand, unfollowBrand } from "../models/brands/brands.server";
import { withQuota } from "../models/core/hub.server";
import { heldReply } from "../models/moderation/premoderation.server";
import {
  addPrivateComment,
  AnswerPersonalInput,
  answerPersonal,
  AskBrandInput,
  askBrandOrPublic,
  hideNoPersonal,
  HideNoPersonalInput,
  hidePersonal,
  HidePersonalInput,
  PrivateCommentInput,
  PrivateQuestionInput,
  readPrivateQuestion,
} from "../models/brands/private-questions.server";
import { defineCall, type NamedCall } from "./define";

const brandPage = (urlname: string) => [`/${urlname}/`, `/${urlname}/qst2brand`, `/${urlname}/qst2brand/refer`];

/**
 * Brands and private questions to their experts (docs/decisions/0017-brands-and-private-questions.md):
 * askbrand (free, DIQ quota; or a public question tagged for the brand), the read qst2brand {pqid}, anspersonal, comments on the expert's
 * answer (addcmtpersonal), hideqpersonal, hideqnopersonal, getBrands, brand_follow and brand_unfollow.
 * Private pages are never kept in the guest cache, so only public pages are purged.
 */
export const brandCalls: Record<string, NamedCall> = {
  // the daily quota is DIQ for a private question; with `public` = 1 (the form's 'Пользователи
  // также могут ответить') it is a public question and counts in ASK, so the call takes the slot itself
  askbrand: defineCall({
    method: "POST",
    input: AskBrandInput,
    async run(c, input) {
      const { quota, write } = askBrandOrPublic(c.env, c.session, input, c.now);
      // a question held for premoderation keeps its slot, as the runner's own quota does
      const held = () => write().catch(heldReply);
      return c.session ? withQuota(c.env, c.session.user, quota, c.now, held) : held();
    },
  }),
  qst2brand: defineCall({
    method: "GET",
    input: PrivateQuestionInput,
    async run(c, input) {
      return readPrivateQuestion(c.env, c.session, input);
    },
  }),
  anspersonal: defineCall({
    method: "POST",
    input: AnswerPersonalInput,
    async run(c, input) {
      return answerPersonal(c.env, c.session, input, c.now);
    },
  }),
  addcmtpersonal: defineCall({
    method: "POST",
    input: PrivateCommentInput,
    quota: "CMA",
    async run(c, input) {
      return addPrivateComment(c.env, c.session, input, c.now);
    },
  }),
  hideqpersonal: defineCall({
    method: "POST",
    input: HidePersonalInput,
    async run(c, input) {
      return hidePersonal(c.env, c.session, input, c.now);
    },
  }),
  hideqnopersonal: defineCall({
    method: "POST",
    input: HideNoPersonalInput,
    async run(c, input) {
      const r = await hideNoPersonal(c.env, c.session, input, c.now);
      c.purge([`/question/${input.qid}`]);
      return r;
    },
  }),
  getBrands: defineCall({
    method: "GET",
    input: GetBrandsInput,
    async run(c, input) {
      return readBrand(c.env, c.session, input);
    },
  }),
  brand_follow: defineCall({
    method: "POST",
    input: BrandFollowInput,
    async run(c, input) {
      const r = await followBrand(c.env, c.session, input, c.now);
      c.purge(brandPage(r.urlname));
      return r;
    },
  }),
  brand_unfollow: defineCall({
    method: "POST",
    input: BrandFollowInput,
    async run(c, input) {
      const r = await unfollowBrand(c.env, c.session, input, c.now);
      c.purge(brandPage(r.urlname));
      return r;
    },
  }),
};
