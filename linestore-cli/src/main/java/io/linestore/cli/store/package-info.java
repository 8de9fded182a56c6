/**
 * What {@code linestore build} needs around {@link io.linestore.LineStores#build}: building out of
 * sight and swapping the result in, and a progress bar fed by {@link io.linestore.ProgressListener}.
 */
package io.linestore.cli.store;
