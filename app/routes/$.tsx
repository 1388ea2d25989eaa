/** Every path no other route claims is a 404 page. */
export const loader = () => {
  throw new Response("Not found", { status: 404 });
};

export default function Splat() {
  return null;
}
