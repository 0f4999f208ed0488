// Who the demo personas are among the users: readers made by the demo (the library's demo makes
// them), with no account, whom the other modules' demo steps cast as buyers, players and watchers.

/** Users of this issuer are demo personas: no account, nobody signs in as them. */
export const DEMO_PERSONA_ISSUER = "litverse:demo-persona";
