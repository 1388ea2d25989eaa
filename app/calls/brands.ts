import { BrandFollowInput, followBrand, GetBrandsInput, readBrand, unfollowBrand } from "../models/brands/brands.server";
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
  // with `public` = 1 (the form's 'Пользователи также могут ответить') it is a public question
  // and counts in the ASK quota; a private question counts in DIQ
  askbrand: defineCall({
    method: "POST",
    input: AskBrandInput,
    quota: (input) => (input.public === 1 ? "ASK" : "DIQ"),
    run: (c, input) => askBrandOrPublic(c.env, c.session, input, c.now),
  }),
  qst2brand: defineCall({
    method: "GET",
    input: PrivateQuestionInput,
    run: (c, input) => readPrivateQuestion(c.env, c.session, input),
  }),
  anspersonal: defineCall({
    method: "POST",
    input: AnswerPersonalInput,
    run: (c, input) => answerPersonal(c.env, c.session, input, c.now),
  }),
  addcmtpersonal: defineCall({
    method: "POST",
    input: PrivateCommentInput,
    quota: "CMA",
    run: (c, input) => addPrivateComment(c.env, c.session, input, c.now),
  }),
  hideqpersonal: defineCall({
    method: "POST",
    input: HidePersonalInput,
    run: (c, input) => hidePersonal(c.env, c.session, input, c.now),
  }),
  hideqnopersonal: defineCall({
    method: "POST",
    input: HideNoPersonalInput,
    run: (c, input) => hideNoPersonal(c.env, c.session, input, c.now),
    purge: (_, input) => [`/question/${input.qid}`],
  }),
  getBrands: defineCall({
    method: "GET",
    input: GetBrandsInput,
    run: (c, input) => readBrand(c.env, c.session, input),
  }),
  brand_follow: defineCall({
    method: "POST",
    input: BrandFollowInput,
    run: (c, input) => followBrand(c.env, c.session, input, c.now),
    purge: (r) => brandPage(r.urlname),
  }),
  brand_unfollow: defineCall({
    method: "POST",
    input: BrandFollowInput,
    run: (c, input) => unfollowBrand(c.env, c.session, input, c.now),
    purge: (r) => brandPage(r.urlname),
  }),
};
