/** Accented letters and their plain ones, for the back office's searches (translate() before lower(): lower() of a C-locale database leaves 'Á' alone). */
export const CON_ACENTO = 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇáàäâéèëêíìïîóòöôúùüûñç';
export const SIN_ACENTO = 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc';
