/** Styles of the server-rendered pages (login, registration, …), matching the app's look. */
export const pagesCss = `
:root {
  --ink: #1c2530; --muted: #5b6675; --line: #dde3ea; --paper: #f5f3ef; --card: #ffffff;
  --brand: #0f5c5b; --brand-ink: #ffffff; --brand-soft: #e3efee; --danger: #a3262e; --danger-soft: #fbeaea;
  --ok: #1f6b3a; --ok-soft: #e6f3ea; --radius: 12px;
  font-family: "Inter", "Segoe UI", system-ui, -apple-system, sans-serif; color: var(--ink);
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--paper); display: flex; flex-direction: column; line-height: 1.5; }
a { color: var(--brand); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
.brand { display: inline-flex; align-items: center; gap: .5rem; font-weight: 700; font-size: 1.25rem; color: var(--ink); text-decoration: none; }
.brand-mark { width: 2rem; height: 2rem; border-radius: 8px; background: var(--brand); color: var(--brand-ink); display: grid; place-items: center; font-weight: 800; }
header { padding: 1.25rem clamp(1rem, 4vw, 2.5rem); }
main { flex: 1; display: flex; justify-content: center; align-items: flex-start; padding: 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: clamp(1.25rem, 4vw, 2.25rem); width: 100%; max-width: 28rem; box-shadow: 0 10px 30px rgba(28, 37, 48, .06); }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; letter-spacing: -.01em; }
p.intro { color: var(--muted); margin: 0 0 1.5rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .35rem; }
input[type=text], input[type=email], input[type=password] { width: 100%; padding: .7rem .8rem; font: inherit; border: 1px solid #b9c3ce; border-radius: 8px; background: #fff; }
input[aria-invalid=true] { border-color: var(--danger); }
input[readonly] { background: #eef1f4; border-style: dashed; color: #3b4652; }
.field-error { color: var(--danger); font-size: .9rem; margin: .3rem 0 0; }
button { margin-top: 1.5rem; width: 100%; padding: .8rem 1rem; font: inherit; font-weight: 700; border: 0; border-radius: 8px; background: var(--brand); color: var(--brand-ink); cursor: pointer; }
button:hover { background: #0b4746; }
.notice { padding: .8rem 1rem; border-radius: 8px; margin: 0 0 1rem; }
.notice.error { background: var(--danger-soft); color: var(--danger); }
.notice.ok { background: var(--ok-soft); color: var(--ok); }
.links { margin-top: 1.25rem; display: flex; flex-direction: column; gap: .4rem; font-size: .95rem; }
footer { padding: 1.25rem; text-align: center; font-size: .9rem; color: var(--muted); }
footer a { color: var(--muted); margin: 0 .6rem; }
`;
