/** What a route declares about its screen besides the element (react-router `handle`). */
export interface RouteHandle {
  /** i18n key of the screen's name: the navbar shows it and the layout makes it the document title. */
  title?: string;
  /**
   * The application form inside the project workspace (reportdetail, changedetail, rptinfo): open
   * to every member of the area who sees the application, where the rest of the workspace asks more.
   */
  applicationForm?: boolean;
}
