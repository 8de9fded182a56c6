/**
 * gzip files indexed in place: {@link io.linestore.impl.gzip.GzipCheckpointer} finds checkpoints with
 * the system's zlib ({@link io.linestore.impl.gzip.Inflate}, through {@code java.lang.foreign}), and
 * {@link io.linestore.impl.gzip.GzipSpans} decodes from them with the JDK's
 * {@link java.util.zip.Inflater}.
 */
package io.linestore.impl.gzip;
