/**
 * A process-wide memo of answers that never change for a key (a formatted date, a split template), bounded: when it
 * holds `max` entries it starts afresh, so an unusual stream of keys cannot grow it without end.
 */
export function rememberer<T>(max: number): (key: string, make: () => T) => T {
  const answers = new Map<string, T>();
  return (key, make) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= max) answers.clear();
      answer = make();
      answers.set(key, answer);
    }
    return answer;
  };
}
