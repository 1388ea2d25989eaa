import { useState } from "react";

/** A placeholder island used to verify the runtime end to end (removed once real islands exist). */
export default function Hello({ start }: { start: number }) {
  const [n, setN] = useState(start);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {n}
    </button>
  );
}
