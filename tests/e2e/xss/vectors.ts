/**
 * The XSS corpus: well-known filter-evasion techniques (in the style of the OWASP XSS filter
 * evasion cheat sheet and the public browser-quirk lists), each turned into one vector that calls
 * its own marker, `__xss(N)`, so that an execution names the vector that ran. The templates below
 * hold placeholders that the marker fills in, written in the encoding the trick needs:
 *
 * | placeholder | becomes (for N = 7) |
 * | --- | --- |
 * | {js} | `__xss(7)` |
 * | {n} | `7` |
 * | {dec} | `&#95;&#95;&#120;…` (HTML decimal entities, with semicolons) |
 * | {pad} | `&#0000095&#0000095…` (zero-padded decimal entities, no semicolons) |
 * | {hex} | `&#x5f;&#x5f;&#x78;…` (HTML hex entities) |
 * | {hexbare} | `&#x5f&#x5f&#x78…` (hex entities, no semicolons) |
 * | {uni} | `\u005f\u005f\u0078\u0073\u0073(7)` (JavaScript identifier escapes) |
 * | {jshex} | `eval('\x5f\x5fxss(7)')` (JavaScript string escapes) |
 * | {cc} | `eval(String.fromCharCode(95,95,…))` |
 * | {atob} | `eval(atob('X194c3MoNyk='))` |
 * | {url} | `%5F%5Fxss%287%29` (percent-encoded, for javascript: URLs) |
 * | {b64} | base64 of `<script>__xss(7)</script>` (for data: URLs) |
 * | {q} | `"__xss(7)"` as a JavaScript string with its quotes |
 *
 * A template may be used once only: the corpus is checked for repeats when it is built.
 */

const MARKER = "__xss";

type Forms = Record<"js" | "n" | "dec" | "pad" | "hex" | "hexbare" | "uni" | "jshex" | "cc" | "atob" | "url" | "b64" | "q", string>;

function forms(n: number): Forms {
  const js = `${MARKER}(${n})`;
  const codes = Array.from(js, (c) => c.charCodeAt(0));
  return {
    js,
    n: String(n),
    dec: codes.map((c) => `&#${c};`).join(""),
    pad: codes.map((c) => `&#${String(c).padStart(7, "0")}`).join(""),
    hex: codes.map((c) => `&#x${c.toString(16)};`).join(""),
    hexbare: codes.map((c) => `&#x${c.toString(16)}`).join(""),
    uni: `${Array.from(MARKER, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}(${n})`,
    jshex: `eval('${Array.from(MARKER, (c) => `\\x${c.charCodeAt(0).toString(16)}`).join("")}(${n})')`,
    cc: `eval(String.fromCharCode(${codes.join(",")}))`,
    atob: `eval(atob('${btoa(js)}'))`,
    url: encodeURIComponent(js).replace(/[_()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    b64: btoa(`<script>${js}</script>`),
    q: `"${js}"`,
  };
}

// ------------------------------------------------------------------------------------------------
// Script tags in every case, spacing and encoding

const SCRIPT_TAGS = [
  "<script>{js}</script>",
  "<SCRIPT>{js}</SCRIPT>",
  "<ScRiPt>{js}</sCrIpT>",
  "<script >{js}</script >",
  "<script\n>{js}</script\n>",
  "<script\t>{js}</script>",
  "<script/x>{js}</script>",
  "<script x>{js}</script x>",
  '<script type="text/javascript">{js}</script>',
  '<script type="module">{js}</script>',
  '<script language="javascript">{js}</script>',
  "<script>{js}</script",
  "<script>{js}<!--",
  "<script>/*</script><script>*/{js}</script>",
  "<script>{uni}</script>",
  "<script>{jshex}</script>",
  "<script>{cc}</script>",
  "<script>{atob}</script>",
  "<script>setTimeout({q})</script>",
  "<script>[].constructor.constructor({q})()</script>",
  "<script>window['__x'+'ss']({n})</script>",
  "<script>self[atob('X194c3M=')]({n})</script>",
  "<script>top.__xss`{n}`</script>",
  '<script src="data:,{js}"></script>',
  "<script src=data:text/javascript,{js}></script>",
  "<script src=data:;base64,{b64}></script>",
  '<script src="//example.invalid/x.js?{n}"></script>',
  "<scr<script>ipt>{js}</scr</script>ipt>",
  "<<script>{js}//<</script>",
  "<scr\u0000ipt>{js}</scr\u0000ipt>",
  "<script\u0000>{js}</script>",
  "<scr\nipt>{js}</scr\nipt>",
  "<script<{js}</script>",
  "<script>{js}<\\/script>",
  "<script>\n<!--\n{js}\n//-->\n</script>",
  "<script>//<![CDATA[\n{js}\n//]]></script>",
  "<<SCRIPT>{js};//<</SCRIPT>",
  '<SCRIPT a=">" SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT =">" SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT a=">" \'\' SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT "a=\'>\'" SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT a=`>` SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT a=">\'>" SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT>document.write("<SCRI");</SCRIPT>PT>{js}</SCRIPT>',
  '<SCRIPT/XSS SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT/SRC="data:,{js}"></SCRIPT>',
  '<SCRIPT SRC="data:,{js}"?< B >',
  "<SCRIPT SRC=data:,{js}?<B>",
  "<script>eval(location.hash.slice(1)+{q})</script>",
  '<script>Function("{js}")()</script>',
];

// ------------------------------------------------------------------------------------------------
// Event handlers on every kind of element, most of them firing by themselves

const HANDLERS = [
  "<img src=x onerror={js}>",
  "<IMG SRC=x ONERROR={js}>",
  "<img src=x:x onerror={js}>",
  "<img/src=x/onerror={js}>",
  '<img src=x onerror="{js}">',
  "<img src=x onerror='{js}'>",
  "<img src=x onerror=`{js}`>",
  '<img src=x onerror="{dec}">',
  '<img src=x onerror="{pad}">',
  "<img src=x onerror={hex}>",
  "<img src=x onerror={hexbare}>",
  "<img src=x onerror={uni}>",
  "<img src=x onerror={jshex}>",
  "<img src=x onerror={cc}>",
  "<img src=x onerror={atob}>",
  "<img src=x onerror=\"eval('{js}')\">",
  "<img src=x onerror=setTimeout({q})>",
  "<img src=x onerror=top['__xss']({n})>",
  "<img src=x onerror=window.onerror=__xss;throw({n})>",
  "<img src onerror={js}>",
  "<img src= onerror={js}>",
  "<img src=x\nonerror={js}>",
  "<img src=x\tonerror={js}>",
  "<img src=x\u000conerror={js}>",
  "<img src=x onerror\n=\n{js}>",
  '<img src="x"onerror="{js}">',
  "<img src=x onError={js}>",
  "<img src=x OnErRoR={js}>",
  '<img """><script>{js}</script>">',
  '<img src=1 href=1 onerror="javascript:{js}">',
  "<image src=x onerror={js}>",
  "<img srcset=x onerror={js}>",
  "<picture><source srcset=x><img src=x onerror={js}></picture>",
  "<input type=image src=x onerror={js}>",
  "<svg onload={js}>",
  "<svg/onload={js}>",
  '<svg onload="{js}"/>',
  "<svg\nonload={js}>",
  "<svg onload={js}//",
  "<svg><svg onload={js}>",
  "<svg><g onload={js}></g></svg>",
  "<body onload={js}>",
  "<body onpageshow={js}>",
  "<body onfocus={js}>",
  "<body onhashchange={js}>",
  "<body onresize={js}>",
  "<body onscroll={js}><br><br><br><br><br><br><br><br><br><br><input autofocus>",
  "<iframe onload={js}></iframe>",
  "<iframe src=x onerror={js}></iframe>",
  "<input autofocus onfocus={js}>",
  "<input onfocus={js} autofocus>",
  "<input onblur={js} autofocus><input autofocus>",
  "<textarea autofocus onfocus={js}></textarea>",
  "<select autofocus onfocus={js}></select>",
  "<keygen autofocus onfocus={js}>",
  "<button autofocus onfocus={js}>x</button>",
  "<div contenteditable autofocus onfocus={js}>x</div>",
  "<div tabindex=1 autofocus onfocusin={js}>x</div>",
  "<details open ontoggle={js}>",
  "<details/open/ontoggle={js}>",
  "<video src=x onerror={js}></video>",
  "<video><source onerror={js}></video>",
  "<audio src=x onerror={js}></audio>",
  "<audio controls><source src=x onerror={js}></audio>",
  "<video poster=javascript:{js}></video>",
  "<marquee onstart={js}>x</marquee>",
  "<marquee loop=1 width=0 onfinish={js}>x</marquee>",
  "<object data=x onerror={js}></object>",
  "<embed src=x onload={js}>",
  "<style onload={js}></style>",
  "<link rel=stylesheet href=x onerror={js}>",
  "<link rel=preload as=image href=x onerror={js}>",
  "<track src=x onerror={js}>",
  "<frameset onload={js}>",
  "<table background=x onerror={js}><td>x</td></table>",
  "<isindex type=image src=1 onerror={js}>",
  "<form><input type=submit onfocus={js} autofocus></form>",
  "<x onmouseover={js}>hover</x>",
  "<xss onbeforescriptexecute={js}><script>1</script>",
  "<div onpointerenter={js} style=position:fixed;inset:0>x</div>",
  "<div onanimationstart={js} style=animation-name:spin>x</div>",
  "<div ontransitionend={js} style=transition:color+1s>x</div>",
  "<a onauxclick={js}>x</a>",
  "<html onmouseover={js}>",
  "<meta name=x onload={js}>",
  "<template><img src=x onerror={js}></template>",
  "<slot onfocus={js} tabindex=1 autofocus>",
];

// ------------------------------------------------------------------------------------------------
// Event handlers and tricks on the tags the sanitiser keeps (a b strong i em u s br p ul ol li
// blockquote code pre): these reach the page as real elements

const ALLOWED_TAG_TRICKS = [
  '<a href="/" onmouseover={js}>x</a>',
  '<a href="/" onclick="{js}">x</a>',
  '<a href="/" autofocus onfocus={js}>x</a>',
  '<a onfocus={js} autofocus href="/">x</a>',
  '<a href="/"onmouseover={js}>x</a>',
  '<a href="/" style="x:expression({js})">x</a>',
  '<a href="/" id=x tabindex=1 onfocus={js}>x</a>',
  "<a href=/ onmouseover={js}//>x</a>",
  "<a href=\"/\" onmouseover='{js}'>x</a>",
  "<a href='/' onmouseover=\"{js}\">x</a>",
  "<b onmouseover={js}>x</b>",
  "<b tabindex=1 autofocus onfocus={js}>x</b>",
  "<strong onclick={js}>x</strong>",
  "<i onmouseover={js}>x</i>",
  "<em onpointerover={js}>x</em>",
  "<u id=x tabindex=0 onfocusin={js} autofocus>x</u>",
  "<s onmouseenter={js}>x</s>",
  "<br onload={js}>",
  "<p contenteditable autofocus onfocus={js}>x</p>",
  "<p style=animation-name:x onanimationstart={js}>x</p>",
  "<ul onmouseover={js}><li>x</li></ul>",
  "<ol onclick={js}><li>x</li></ol>",
  "<li onmouseover={js}>x</li>",
  "<blockquote onmouseover={js}>x</blockquote>",
  "<code onmouseover={js}>x</code>",
  "<pre onmouseover={js}>x</pre>",
  "<b/onmouseover={js}>x</b>",
  "<p\nonclick={js}>x</p>",
  "<b onmouseover\n={js}>x</b>",
  '<b title="a" onmouseover={js} title="b">x</b>',
  '<a href="/" title=\'" onmouseover={js} x="\'>x</a>',
  "<b title=\"x'onmouseover='{js}'\">x</b>",
  "<a href=/ onmouseover={js} href=/x>x</a>",
  '<a href="/" href="javascript:{js}">x</a>',
  "<a href=javascript:{js} href=/>x</a>",
  '<a href="/" data-x=\'"><img src=x onerror={js}>\'>x</a>',
  '<p title="</p><img src=x onerror={js}>">x</p>',
  '<a href="/x">y</a onmouseover={js}>',
  "<b>x</b onclick={js}>",
  '<a href="/x<img src=x onerror={js}>">x</a>',
  '<a href="/x"><img src=x onerror={js}>">x</a>',
  '<a href="/&quot;onmouseover=&quot;{js}">x</a>',
  "<a href=\"/'onmouseover='{js}\">x</a>",
  '<a href="/x" target=_self onmouseover={js}>x</a>',
];

// ------------------------------------------------------------------------------------------------
// javascript:, vbscript: and data: URLs with entity, whitespace and control-character tricks,
// each in every kind of place a URL goes

const SCHEMES = [
  "javascript:{js}",
  "JaVaScRiPt:{js}",
  "javascript&colon;{js}",
  "javascript&#58;{js}",
  "jav&#x09;ascript:{js}",
  "jav&#x0A;ascript:{js}",
  "jav\tascript:{js}",
  " &#14;  javascript:{js}",
  "\u0001javascript:{js}",
  "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;{dec}",
  "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;{hex}",
  "&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058{pad}",
  "javascript:{url}",
  "vbscript:{js}",
  "data:text/html,<script>{js}</script>",
  "data:text/html;base64,{b64}",
];

const URL_PLACES = [
  (u: string) => `<a href="${u}">x</a>`,
  (u: string) => `<iframe src="${u}"></iframe>`,
  (u: string) => `<form action="${u}"><button>x</button></form>`,
  (u: string) => `<form><button formaction="${u}">x</button></form>`,
  (u: string) => `<object data="${u}"></object>`,
  (u: string) => `<svg><a xlink:href="${u}"><text x="9" y="9">x</text></a></svg>`,
  (u: string) => `<math href="${u}">x</math>`,
  (u: string) => `<meta http-equiv="refresh" content="0;url=${u}">`,
  (u: string) => `[x](${u})`,
  (u: string) => u,
];

// ------------------------------------------------------------------------------------------------
// More URL places and URL tricks

const URL_TRICKS = [
  '<a href="javascript:void(0)" onclick={js}>x</a>',
  '<a href="javascript:{js}//http://example.com">x</a>',
  '<a href="javascript:/*http://example.com*/{js}">x</a>',
  '<a href="javascript:alert`1`;{js}">x</a>',
  '<a href="  javascript:{js}">x</a>',
  '<a href="java\u0000script:{js}">x</a>',
  '<a href="javas&#99;ript:{js}">x</a>',
  '<a href="javascript&#x0000003A;{js}">x</a>',
  '<a href="jAvAsCrIpT&colon;{js}">x</a>',
  '<a href="javascript:{cc}">x</a>',
  '<a href="javascript:{atob}">x</a>',
  '<a href="javascript:{uni}">x</a>',
  '<a href="livescript:{js}">x</a>',
  '<a href="DaTa:text/html,<svg onload={js}>">x</a>',
  '<a href="data:image/svg+xml,<svg onload={js} xmlns=%22http://www.w3.org/2000/svg%22>">x</a>',
  '<a href="data:application/xhtml+xml,<html xmlns=%22http://www.w3.org/1999/xhtml%22><script>{js}</script></html>">x</a>',
  '<a href="//javascript:{js}">x</a>',
  '<a href="http:javascript:{js}">x</a>',
  '<a href="/\\javascript:{js}">x</a>',
  '<a href="https://example.com" onclick="{js}">x</a>',
  '<a href="http://example.com/"onmouseover="{js}">x</a>',
  '<a href="mailto:a@example.com" onclick={js}>x</a>',
  "<area href=javascript:{js}>",
  "<map><area shape=rect coords=0,0,9,9 href=javascript:{js}></map>",
  "<base href=javascript:{js}//>",
  '<base href="javascript:/"><a href="{js}">x</a>',
  "<link rel=import href=data:text/html;base64,{b64}>",
  '<link rel=stylesheet href="javascript:{js}">',
  '<iframe srcdoc="<script>parent.{js}</script>"></iframe>',
  "<iframe srcdoc='&lt;img src=x onerror=parent.{js}&gt;'></iframe>",
  '<iframe srcdoc="&#60;svg onload=parent.{js}&#62;"></iframe>',
  "<iframe src=\"javascript:'<script>parent.{js}</script>'\"></iframe>",
  '<iframe/src="data:text/html,<svg onload=parent.{js}>"></iframe>',
  '<object type="text/html" data="data:text/html;base64,{b64}"></object>',
  '<object data="javascript:{js}" type="text/x-scriptlet"></object>',
  '<embed type="image/svg+xml" src="data:image/svg+xml;base64,{b64}">',
  '<embed code="javascript:{js}">',
  '<embed src="javascript:{js}">',
  '<meta http-equiv="refresh" content="0;javascript:{js}">',
  '<meta http-equiv="refresh" content="0; URL=http://;URL=javascript:{js};">',
  '<meta http-equiv="Set-Cookie" content="x=<script>{js}</script>">',
  "<form><input type=submit formaction=javascript:{js} value=x></form>",
  '<form id=f action="javascript:{js}"></form><button form=f>x</button>',
  '<isindex action="javascript:{js}" type=submit value=x>',
  '<button formaction="javascript:{js}" form=x>x</button>',
  '<input type=image src="javascript:{js}">',
  '<img src="javascript:{js}">',
  '<img dynsrc="javascript:{js}">',
  '<img lowsrc="javascript:{js}">',
  '<bgsound src="javascript:{js}">',
  '<table background="javascript:{js}"><td>x</td></table>',
  '<td background="javascript:{js}">x</td>',
  '<div style="background-image:url(javascript:{js})">x</div>',
  '<svg><use href="data:image/svg+xml;base64,{b64}#x"></use></svg>',
  '<svg><image href="javascript:{js}"/></svg>',
  '<svg><a href="javascript:{js}"><rect width=9 height=9 /></a></svg>',
  '<svg><a><animate attributeName=href values="javascript:{js}"/><text x=9 y=9>x</text></a></svg>',
  '<svg><a><set attributeName=href to="javascript:{js}"/><text x=9 y=9>x</text></a></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:{js}">x<mtext>y</mtext></maction></math>',
  '<math><mi xlink:href="data:x,<script>{js}</script>">x</mi></math>',
  '<x:script xmlns:x="http://www.w3.org/1999/xhtml">{js}</x:script>',
];

// ------------------------------------------------------------------------------------------------
// Attribute, tag and context breakers: what an unescaped echo into HTML, an attribute, a script
// or a template would let out

const BREAKERS = [
  '"><img src=x onerror={js}>',
  "'><img src=x onerror={js}>",
  "`><img src=x onerror={js}>",
  '"><svg onload={js}>',
  "'><svg/onload={js}>",
  '" onmouseover="{js}',
  "' onmouseover='{js}",
  '" autofocus onfocus="{js}" x="',
  "' autofocus onfocus='{js}' x='",
  '"/onload={js}//',
  '" onerror={js} src=x x="',
  '"><script>{js}</script>',
  "'><script>{js}</script>",
  "></script><script>{js}</script>",
  "</textarea><img src=x onerror={js}>",
  "</title><img src=x onerror={js}>",
  "</title><script>{js}</script>",
  "</style><img src=x onerror={js}>",
  "</style><script>{js}</script>",
  "</noscript><img src=x onerror={js}>",
  "</xmp><img src=x onerror={js}>",
  "</iframe><img src=x onerror={js}>",
  "</noembed><img src=x onerror={js}>",
  "</noframes><img src=x onerror={js}>",
  "</option></select><img src=x onerror={js}>",
  "</template><img src=x onerror={js}>",
  "</a><img src=x onerror={js}>",
  "</p><img src=x onerror={js}>",
  "</li></ul><img src=x onerror={js}>",
  "</code></pre><img src=x onerror={js}>",
  "--><img src=x onerror={js}>",
  "]]><img src=x onerror={js}>",
  "*/{js}/*",
  "';{js};//",
  '";{js};//',
  "\\';{js};//",
  '\\";{js};//',
  "'-{js}-'",
  '"-{js}-"',
  "</script><svg onload={js}>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-literal breaker is exactly this text
  "${{js}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-literal breaker is exactly this text
  "`${{js}}`",
  "{{constructor.constructor('{js}')()}}",
  "{{$on.constructor('{js}')()}}",
  "#{{js}}",
  "<%= {js} %>",
  "[[{js}]]",
  "{{{js}}}",
  "'}); {js}; ({'",
  '"}]; {js}; [{"',
  '";}{js};function x(){//',
  "\\u0022;{js};//",
  "%22%3E%3Cimg%20src=x%20onerror={js}%3E",
  "&quot;&gt;&lt;img src=x onerror={js}&gt;",
  "&#34;&#62;&#60;img src=x onerror={js}&#62;",
  '"><a href="/"onmouseover={js}>x</a>',
  "'\"--></style></script><script>{js}</script>",
  "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+{js}//'>",
  "'\"><img src=x onerror={js}>\\",
  '<!--"><img src=x onerror={js}>-->',
];

// ------------------------------------------------------------------------------------------------
// Encodings: entities, percent, Unicode escapes and look-alikes, UTF-7, null bytes, overlong UTF-8

const ENCODINGS = [
  "&lt;script&gt;{js}&lt;/script&gt;",
  "&amp;lt;script&amp;gt;{js}&amp;lt;/script&amp;gt;",
  "&#60;script&#62;{js}&#60;/script&#62;",
  "&#x3c;script&#x3e;{js}&#x3c;/script&#x3e;",
  "&#0000060script&#0000062{js}&#0000060/script&#0000062",
  "&LT;script&GT;{js}&LT;/script&GT;",
  "%3Cscript%3E{js}%3C/script%3E",
  "%253Cscript%253E{js}%253C/script%253E",
  "%3Cimg%20src%3Dx%20onerror%3D{js}%3E",
  "\\u003cscript\\u003e{js}\\u003c/script\\u003e",
  "\\x3cscript\\x3e{js}\\x3c/script\\x3e",
  "\\74script\\76{js}\\74/script\\76",
  "+ADw-script+AD4-{js}+ADw-/script+AD4-",
  "+ADw-img src=x onerror=+ACI-{js}+ACI-+AD4-",
  "\uff1cscript\uff1e{js}\uff1c/script\uff1e",
  "\uff1cimg src=x onerror={js}\uff1e",
  "\u02c2script\u02c3{js}\u02c2/script\u02c3",
  "\u2039script\u203a{js}\u2039/script\u203a",
  "\ufe64img src=x onerror={js}\ufe65",
  "%C0%BCscript%C0%BE{js}%C0%BC/script%C0%BE",
  "%E0%80%BCscript%E0%80%BE{js}%E0%80%BC/script%E0%80%BE",
  "\u0000<script>{js}</script>",
  "<\u0000script>{js}</script>",
  "<img\u0000src=x\u0000onerror={js}>",
  "<img src=x on\u0000error={js}>",
  "<i\u200bmg src=x onerror={js}>",
  "<img src=x o\u00adnerror={js}>",
  "<img src=x on\u200derror={js}>",
  "\u202e<img src=x onerror={js}>",
  "<\u0131mg src=x onerror={js}>",
  "<\u017fcript>{js}</\u017fcript>",
  "<scr\u0130pt>{js}</scr\u0130pt>",
  "\ud83d\ude00<img src=x onerror={js}>\ud83d\ude00",
  "<img src=x onerror=\u2028{js}>",
  "<img src=x onerror={js}\u2029>",
  "\u00bcscript\u00be{js}\u00bc/script\u00be",
  "<meta charset=utf-7>+ADw-script+AD4-{js}+ADw-/script+AD4-",
  '<meta http-equiv="content-type" content="text/html;charset=utf-7">+ADw-svg onload={js}+AD4-',
  "<img src=x onerror=&#x5f;&#x5f;xss&lpar;{n}&rpar;>",
  "<img src=x onerror=__xss&#40;{n}&#41;>",
  "<img src=x onerror=__xss&#x28{n}&#x29>",
  "<svg><script>__xss&#40;{n}&#41;</script></svg>",
  "<svg><script>{hex}</script></svg>",
];

// ------------------------------------------------------------------------------------------------
// SVG and MathML

const SVG_MATHML = [
  "<svg><script>{js}</script></svg>",
  '<svg><script href="data:,{js}"/></svg>',
  '<svg><script xlink:href="data:,{js}"></script></svg>',
  "<svg><animate onbegin={js} attributeName=x dur=1s>",
  "<svg><set onbegin={js} attributeName=x to=1>",
  "<svg><animatetransform onbegin={js} attributeName=transform>",
  "<svg><animatemotion onbegin={js}>",
  "<svg><discard onbegin={js}>",
  "<svg><set attributeName=onmouseover to={js}>",
  "<svg><animate attributeName=onload values={js} begin=0s>",
  "<svg><image href=x onerror={js}>",
  "<svg><image xlink:href=x onerror={js}></image></svg>",
  "<svg><foreignObject><img src=x onerror={js}></foreignObject></svg>",
  '<svg><foreignObject><iframe srcdoc="<script>parent.{js}</script>"></iframe></foreignObject></svg>',
  "<svg><style><img src=x onerror={js}></style></svg>",
  "<svg><title><img src=x onerror={js}></title></svg>",
  "<svg><desc><img src=x onerror={js}></desc></svg>",
  '<svg><![CDATA[><image xlink:href="]]><img src=x onerror={js}>"></image>]]></svg>',
  "<svg><handler xmlns:ev=http://www.w3.org/2001/xml-events ev:event=load>{js}</handler></svg>",
  '<svg xmlns="http://www.w3.org/2000/svg"><g onload="{js}"></g></svg>',
  "<svg><feImage href=x onerror={js} /></svg>",
  "<svg><polyline onmouseover={js} points=0,0,99,99 />",
  "<svg viewBox=0,0,9,9><rect width=100% height=100% onmouseover={js} />",
  "<svg><text><tspan onmouseover={js}>x</tspan></text></svg>",
  "<svg><textarea autofocus onfocus={js}></textarea></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror={js}></style></mglyph></table></mtext></math>",
  "<math><mtext><img src=x onerror={js}></mtext></math>",
  "<math><mi><mglyph><svg><mtext><textarea><path id=x></textarea><img src=x onerror={js}></mtext></svg></mglyph></mi></math>",
  "<math><annotation-xml encoding=text/html><img src=x onerror={js}></annotation-xml></math>",
  "<math><annotation-xml encoding=application/xhtml+xml><svg onload={js}></annotation-xml></math>",
  "<math><maction actiontype=toggle onmouseover={js}>x</maction></math>",
  "<math><style><img src=x onerror={js}></style></math>",
  "<math><mtext><script>{js}</script></mtext></math>",
  "<math><semantics><annotation-xml encoding=text/html><style><img src=x onerror={js}>",
  "<svg><a><rect width=9 height=9 /><animate attributeName=href values=javascript:{js} /></a></svg>",
];

// ------------------------------------------------------------------------------------------------
// Nested, unclosed and malformed tags; comments, CDATA and processing instructions

const MALFORMED = [
  "<img src=x onerror={js}",
  "<svg onload={js}",
  "<img src=x onerror={js} <",
  "<<img src=x onerror={js}>>",
  "<img<img src=x onerror={js}>>",
  "<img src=x onerror={js}//<b>x</b>",
  "<a<img src=x onerror={js}>",
  "<b<svg onload={js}>",
  "<img src=`x`onerror={js}>",
  '<img src="x` `<script>{js}</script>"` `>',
  "<IMG SRC=x onerror={js} <B>",
  "<im<img>g src=x onerror={js}>",
  "<b>x<img src=x onerror={js}></b>",
  "<b><i><u><img src=x onerror={js}></u></i></b>",
  "<p><p><p><svg onload={js}></p></p></p>",
  "<ul><li><svg onload={js}></li></ul>",
  "<pre><img src=x onerror={js}></pre>",
  "<blockquote><blockquote><img src=x onerror={js}>",
  "<!--><img src=x onerror={js}>-->",
  "<!---><img src=x onerror={js}>-->",
  "<!-- --!><img src=x onerror={js}>-->",
  "<!--[if gte IE 4]><script>{js}</script><![endif]-->",
  "<![CDATA[<script>{js}</script>]]>",
  '<?xml version="1.0"?><script>{js}</script>',
  "<?><img src=x onerror={js}>",
  "<!DOCTYPE x [<!ENTITY y '<img src=x onerror={js}>'>]>",
  "<!x><img src=x onerror={js}>",
  "</x><img src=x onerror={js}>",
  "</img src=x onerror={js}>",
  '<a/x="/"><img src=x onerror={js}>',
  '<a"x=""><img src=x onerror={js}>',
  '<b ="><img src=x onerror={js}>">',
  '<b x="""><img src=x onerror={js}>">',
  "<img src=x onerror={js}>\u0000",
  "<div><div><div><div><div><div><div><div><div><div><img src=x onerror={js}>",
  "<noscript><img src=x onerror={js}></noscript>",
  "<textarea><img src=x onerror={js}></textarea>",
  "<title><img src=x onerror={js}></title>",
  "<xmp><img src=x onerror={js}></xmp>",
  "<plaintext><img src=x onerror={js}>",
  "<listing><img src=x onerror={js}></listing>",
  "<noembed><img src=x onerror={js}></noembed>",
  "<noframes><img src=x onerror={js}></noframes>",
  "<select><option><img src=x onerror={js}></option></select>",
  "<table><img src=x onerror={js}></table>",
  "<frameset><frame src=javascript:{js}></frameset>",
  "<applet code=javascript:{js}></applet>",
];

// ------------------------------------------------------------------------------------------------
// Mutation XSS: markup that a sanitiser reads one way and the browser, on parsing it again, another

const MUTATIONS = [
  '<noscript><p title="</noscript><img src=x onerror={js}>">',
  '<noscript><b title="</noscript><svg onload={js}>"></b></noscript>',
  '<a title="</a><img src=x onerror={js}>">x</a>',
  '<b title="</b><img src=x onerror={js}>">x</b>',
  '<code title="</code><img src=x onerror={js}>">x</code>',
  '<!--<img src="--><img src=x onerror={js}//">',
  '<style><img src="</style><img src=x onerror={js}//">',
  '<title><img src="</title><img src=x onerror={js}//">',
  '<textarea><img src="</textarea><img src=x onerror={js}//">',
  '<xmp><p title="</xmp><img src=x onerror={js}>">',
  '<iframe><p title="</iframe><img src=x onerror={js}>">',
  '<noembed><p title="</noembed><img src=x onerror={js}>">',
  '<svg></p><style><a id="</style><img src=1 onerror={js}>">',
  '<math><mi><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror={js}&gt;">',
  "<form><math><mtext></form><form><mglyph><style></math><img src=x onerror={js}>",
  '<svg><p><style><g title="</style><img src=x onerror={js}>">',
  "<table><a><img src=x onerror={js}></a></table>",
  '<a href="/"><table><a href="/"><img src=x onerror={js}></a></table></a>',
  "<p><svg><style>*{}</style><img src=x onerror={js}></svg></p>",
  '<b><style><img src="</style><b><img src=x onerror={js}>"></style></b>',
  '<pre><code title="</code></pre><svg onload={js}>"></code></pre>',
  '<a href="/"><svg><a href="javascript:{js}"><text x=9 y=9>x</text></a></svg></a>',
  '<ul><li title="</li></ul><img src=x onerror={js}>">x</li></ul>',
  "<b>&lt;img src=x onerror={js}&gt;</b>",
  "<p>&lt;<b></b>img src=x onerror={js}&gt;</p>",
  "<<b></b>img src=x onerror={js}>",
  "<scr<b></b>ipt>{js}</scr<b></b>ipt>",
  "<img src=x one<b></b>rror={js}>",
  "<svg><style>&lt;img src=x onerror={js}&gt;</style></svg>",
];

// ------------------------------------------------------------------------------------------------
// CSS: expressions, url(javascript:), bindings, imports

const CSS = [
  '<div style="width:expression({js})">x</div>',
  '<p style="x:expr/**/ession({js})">x</p>',
  '<b style="x:\\65xpression({js})">x</b>',
  "<div style=\"background:url('javascript:{js}')\">x</div>",
  '<div style="background:url(&quot;javascript:{js}&quot;)">x</div>',
  '<div style="-moz-binding:url(data:text/xml,{js})">x</div>',
  '<div style="behavior:url(javascript:{js})">x</div>',
  "<style>@import'javascript:{js}';</style>",
  "<style>body{background:url(javascript:{js})}</style>",
  "<style>*{x:expression({js})}</style>",
  "<style>@im\\port'\\ja\\vasc\\ript:{js}';</style>",
  '<link rel=stylesheet href="data:text/css,*{background:url(javascript:{js})}">',
  "<style>li{list-style-image:url(javascript:{js})}</style><ul><li>x</li></ul>",
  '<div style="content:url(javascript:{js})">x</div>',
  "<style>@keyframes x{}</style><b style=animation-name:x onanimationstart={js}>x</b>",
  "<style></style><img src=x onerror={js}>",
  "<style>x</style onload={js}>",
  '<STYLE>li {list-style-image: url("javascript:{js}");}</STYLE><UL><LI>x</LI></UL>',
  '<STYLE type="text/javascript">{js};</STYLE>',
  "<DIV STYLE=\"background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a{js}'\\0029\">x</DIV>",
];

// ------------------------------------------------------------------------------------------------
// Links and text that the linkifier may turn into links

const LINK_BAIT = [
  "javascript:{js}//example.com",
  "javascript:{js}//http://example.com",
  "javascript://example.com/%0a{js}",
  "javascript:{js};//www.example.com",
  "http://example.com/<img src=x onerror={js}>",
  'http://example.com/"onmouseover="{js}',
  "http://example.com/'onmouseover='{js}",
  'http://example.com/?q="><script>{js}</script>',
  'https://example.com#"><svg onload={js}>',
  'www.example.com"onfocus={js} autofocus x="',
  "www.example.com/<svg/onload={js}>",
  'example.com"><img src=x onerror={js}>',
  'mailto:a@example.com"onmouseover={js}',
  'a@example.com"><img src=x onerror={js}>',
  "//example.com/<img src=x onerror={js}>",
  '<a href="http://example.com/">http://example.com/"onmouseover="{js}</a>',
  '<a href="http://example.com/" onmouseover={js}>http://example.com/</a>',
  '<a href="http://example.com/ onmouseover={js}">x</a>',
  "<a href=http://example.com/ onmouseover={js}>x</a>",
  '<img src="http://example.com/x.png" onerror={js}>',
  '<b title="http://example.com/">http://example.com/" onmouseover="{js}</b>',
  '<a href="http://example.com/<b>">x</a><img src=x onerror={js}>',
  "[http://example.com](javascript:{js})",
  "[javascript:{js}](http://example.com)",
  "![x](javascript:{js})",
  '![x](x"onerror="{js})',
  "<javascript:{js}>",
  "[x]: javascript:{js}",
  'http://example.com/javascript:{js}"<img src=x onerror={js}>',
  "ftp://example.com/<img src=x onerror={js}>",
  "https://example.com/%22%3E%3Cimg%20src=x%20onerror={js}%3E",
  'https://пример.рф/"><img src=x onerror={js}>',
  "https://example.com/&quot;onmouseover=&quot;{js}",
  "https://example.com/?a=1&b=<svg/onload={js}>",
];

// ------------------------------------------------------------------------------------------------
// Whatever else the public lists keep: DOM clobbering, base and meta tricks, forms, dialogs

const OTHER = [
  "<form id=test onforminput={js}><input></form><button form=test onformchange={js}>x</button>",
  "<input type=hidden accesskey=x onclick={js}>",
  '<input value="x" onfocus={js} autofocus>',
  "<a id=__xss></a><img src=x onerror={js}>",
  "<form name=__xss></form><svg onload={js}>",
  '<img name=body src=x onerror="{js}">',
  "<embed src=data:text/html;base64,{b64}>",
  "<object data=data:text/html;base64,{b64}></object>",
  "<object><param name=src value=javascript:{js}></object>",
  '<base href="//example.invalid/"><script src="/x.js?{n}"></script>',
  "<dialog open onclose={js}><form method=dialog><button autofocus>x</button></form></dialog>",
  "<dialog open><input autofocus onfocus={js}></dialog>",
  "<output onfocus={js} tabindex=1 autofocus>",
  "<portal src=javascript:{js}></portal>",
  '<svg><a xlink:href="javascript:{js}"><circle r=9 /></a></svg>',
  '<a href="javascript:{js}" target=_top>x</a>',
  '<a href="javascript:{js}" download>x</a>',
  '<a href="#" onclick="{js};return false">x</a>',
  '<a rel=noopener href="data:text/html,<script>{js}</script>">x</a>',
  '<iframe src="data:text/html,&lt;script&gt;{js}&lt;/script&gt;"></iframe>',
  '<iframe sandbox=allow-scripts srcdoc="<script>{js}</script>"></iframe>',
  "<frame src=javascript:{js}>",
  "<layer src=javascript:{js}></layer>",
  "<ilayer src=javascript:{js}></ilayer>",
  "<xml id=i><x><c><![CDATA[<img src=x onerror={js}>]]></c></x></xml><span datasrc=#i datafld=c dataformatas=html></span>",
  "<html><body><img src=x onerror={js}></body></html>",
  "<head><script>{js}</script></head>",
  "<body><svg onload={js}></body>",
  "<custom-el onclick={js} autofocus tabindex=1 onfocus={js}>x</custom-el>",
  '<otv-island name=bell when=load props=\'{"x":"<img src=x onerror={js}>"}\'></otv-island>',
  '<meta name="otv-session" content=\'{"salt":"</script><script>{js}</script>"}\'>',
  "<img src=x onerror={js} data-testid=answer>",
  '<b class="atext" onmouseover={js}>x</b>',
];

const FAMILIES = [SCRIPT_TAGS, HANDLERS, ALLOWED_TAG_TRICKS, URL_TRICKS, BREAKERS, ENCODINGS, SVG_MATHML, MALFORMED, MUTATIONS, CSS, LINK_BAIT, OTHER];

/** The templates in corpus order; `bare` marks a script URL standing alone. */
function templates(): { t: string; bare: boolean }[] {
  const out: { t: string; bare: boolean }[] = [];
  for (const place of URL_PLACES) for (const scheme of SCHEMES) out.push({ t: place(scheme), bare: place(scheme) === scheme });
  for (const f of FAMILIES) out.push(...f.map((t) => ({ t, bare: false })));
  return out;
}

const PLACEHOLDER = /\{(js|n|dec|pad|hex|hexbare|uni|jshex|cc|atob|url|b64|q)\}/g;

/** One vector of the corpus: its number (the marker's argument) and its text. */
export type Vector = { id: number; text: string };

function build(): { all: Vector[]; bare: Vector[] } {
  const seen = new Set<string>();
  const all: Vector[] = [];
  const bare: Vector[] = [];
  templates().forEach(({ t, bare: isBare }, i) => {
    if (seen.has(t)) throw new Error(`the XSS corpus repeats a template: ${t}`);
    seen.add(t);
    if (t.search(PLACEHOLDER) < 0) throw new Error(`an XSS template calls no marker: ${t}`);
    const f = forms(i + 1);
    const v = { id: i + 1, text: t.replace(PLACEHOLDER, (_, k: keyof Forms) => f[k]) };
    all.push(v);
    if (isBare) bare.push(v);
  });
  return { all, bare };
}

const corpus = build();
/** The corpus, numbered from 1. */
export const VECTORS: Vector[] = corpus.all;
/** The vectors that are a script URL alone (javascript:, vbscript:, data: in their disguises), for fields that hold an address. */
export const BARE_URLS: Vector[] = corpus.bare;
