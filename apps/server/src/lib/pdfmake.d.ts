/**
 * The part of pdfmake 0.3 (server side) the reports use. @types/pdfmake would bring the DOM's
 * types into the server's program (its `/// <reference lib="dom" />`), changing what Buffer and
 * Blob mean everywhere, so the module is declared here instead, loosely: a document definition is
 * pdfmake's own format, checked by the PDF tests rather than by the compiler.
 */
declare module 'pdfmake' {
  export type Content = string | Content[] | { [key: string]: unknown };
  export type TableCell = Content;
  export type Margins = [number, number, number, number];

  export interface TableLayout {
    hLineWidth?: (i: number) => number;
    vLineWidth?: (i: number) => number;
    hLineColor?: (i: number) => string;
    vLineColor?: (i: number) => string;
    paddingTop?: (i: number) => number;
    paddingBottom?: (i: number) => number;
  }

  export interface DocumentDefinition {
    pageSize?: string;
    pageMargins?: Margins;
    info?: { title?: string; subject?: string; creator?: string; creationDate?: Date };
    defaultStyle?: Record<string, unknown>;
    styles?: Record<string, Record<string, unknown>>;
    footer?: (currentPage: number, pageCount: number) => Content;
    /** Drawn behind each page, at absolute places (a watermark, the certificate's signature band). */
    background?: (currentPage: number, pageSize: { width: number; height: number }) => Content;
    content: Content;
  }

  export interface CreatedPdf {
    getBuffer(): Promise<Uint8Array>;
  }

  interface FontFaces {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }

  const pdfmake: {
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (file: string) => boolean): void;
    setFonts(fonts: Record<string, FontFaces>): void;
    addTableLayouts(layouts: Record<string, TableLayout>): void;
    createPdf(definition: DocumentDefinition): CreatedPdf;
  };
  export default pdfmake;
}
