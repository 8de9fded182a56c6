/** {@code recommend}: measures candidate layouts on a sample of the user's own file and decides. */
package io.linestore.bench.recommend;
