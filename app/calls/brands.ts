import { BrandFollowInput, followBrand, unfollowBrand } from "../models/brands/brands.server";
import {
  BqUserListInput,
  BrandAnswersInput,
  BrandListInput,
  GetBrandsInput,
  readBqUserList,
  readBrand,
  readBrandAnswers,
  readKqUserList,
  readQst2BrandList,
  readTagQList,
  readUQst2BrandList,
  RecommendInput,
  recommendQuestion,
} from "../models/brands/brand-page.server";
import { BrandEditInput, editBrand } from "../models/brands/brand-edit.server";
import { BrandWhoFollowInput, brandWhoFollow } from "../models/brands/brand-feed.server";
import { DecideRecommendationInput, decideRecommendation } from "../models/brands/brand-recommendations.server";
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

const brandPage = (urlname: string) => [
  `/${urlname}/`,
  `/${urlname}/qst2brand`,
  `/${urlname}/qst2brand/refer`,
  `/${urlname}/followers`,
  `/${urlname}/followers/users`,
];

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
    run: (c, input) => readBrand(c.env, c.session, input, c.reader),
  }),
  // the brand page's lists, each paged by 20 with p (docs/decisions/0039-brand-pages.md)
  bquserlist: defineCall({
    method: "GET",
    input: BqUserListInput,
    run: (c, input) => readBqUserList(c.env, c.session, input, c.reader),
  }),
  tagqlist: defineCall({
    method: "GET",
    input: BrandListInput,
    run: (c, input) => readTagQList(c.env, c.session, input, c.reader),
  }),
  uqst2brandlist: defineCall({
    method: "GET",
    input: BrandListInput,
    run: (c, input) => readUQst2BrandList(c.env, c.session, input, c.reader),
  }),
  qst2brandlist: defineCall({
    method: "GET",
    input: BrandListInput,
    run: (c, input) => readQst2BrandList(c.env, c.session, input, c.reader),
  }),
  kquserlist: defineCall({
    method: "GET",
    input: BrandListInput,
    run: (c, input) => readKqUserList(c.env, c.session, input, c.reader),
  }),
  abrandans: defineCall({
    method: "GET",
    input: BrandAnswersInput,
    run: (c, input) => readBrandAnswers(c.env, c.session, input, c.reader),
  }),
  // a god-level user changes a brand (the edit page); the change is logged with it
  brand_edit: defineCall({
    method: "POST",
    input: BrandEditInput,
    run: (c, input) => editBrand(c.env, c.session, input, c.now),
    purge: (r) => [`/${r.urlname}/`, `/${r.urlname}/qst2brand/refer`],
  }),
  // a brand administrator recommends a question; it waits for the site's agreement
  kqrecommend: defineCall({
    method: "POST",
    input: RecommendInput,
    quota: "GSR",
    run: (c, input) => recommendQuestion(c.env, c.session, input, c.now),
  }),
  // an administrator of the brand or a moderator who decides them approves or declines a recommendation
  kqapprove: defineCall({
    method: "POST",
    input: DecideRecommendationInput,
    run: (c, input) => decideRecommendation(c.env, c.session, input, "A", c.now),
  }),
  kqdecline: defineCall({
    method: "POST",
    input: DecideRecommendationInput,
    run: (c, input) => decideRecommendation(c.env, c.session, input, "D", c.now),
  }),
  // the brand's followers, open to anyone as the brand page's followers tab is
  brand_who_follow: defineCall({
    method: "GET",
    input: BrandWhoFollowInput,
    run: (c, input) => brandWhoFollow(c.env, c.session, input),
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
