/**
 * linestore's public API: text lines on disk, read by line number in the same time at the end of
 * a store as at its start. Start with {@link io.linestore.LineStores}.
 */
package io.linestore;
