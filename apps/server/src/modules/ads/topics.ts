// What the ads module announces, for live queries here and elsewhere (the dashboard's count).

/** A campaign was submitted, reviewed, edited, paused or ended: the review queue, the house ads, and every process's choice of ads. */
export const ADS_TOPIC = "ads";

/** One advertiser's campaigns and their figures. */
export const advertiserTopic = (userId: string) => `ads:advertiser:${userId}`;

/** One campaign's figures, as its counts grow. */
export const campaignTopic = (campaignId: string) => `ads:campaign:${campaignId}`;
