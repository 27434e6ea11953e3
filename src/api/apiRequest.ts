/** The request a row's content came from, for "Copy as cURL". Rows carry it (TreeNode.request); the command only formats it. */
export interface ApiRequest {
  readonly method: 'GET';
  /** The full URL, query included, exactly as the client sends it. Never holds the key (it travels in a header). */
  readonly url: string;
}
