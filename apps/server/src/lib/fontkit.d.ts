/** fontkit 2 ships no types; @cantoo/pdf-lib only needs the module object it registers. */
declare module 'fontkit';
