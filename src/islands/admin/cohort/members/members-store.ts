import { atom } from 'nanostores';

/** Bumped after every change to the cohort's members, so the list and the user search read again. */
export const $membersVersion = atom(0);

/** Tells every part of the members section that the members changed. */
export function markMembersChanged(): void {
  $membersVersion.set($membersVersion.get() + 1);
}
