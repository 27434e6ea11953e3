/** The request a row's content came from, for "Copy as cURL". Rows carry it (TreeNode.request); the command only formats it. */
export interface ApiRequest {
  readonly method: 'GET';
  /** The full URL, query included, exactly as the client sends it. Never holds the key (it travels in a header). */
  readonly url: string;
  /**
   * The answer's item the row is about, when the request lists more than it (a subscription in the whole list: the
   * contract has no request for one): Copy as cURL then picks it out of the answer.
   */
  readonly select?: { readonly field: string; readonly value: string };
}
