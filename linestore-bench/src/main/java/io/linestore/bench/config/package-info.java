/** The configurations the benchmarks compare, shared by the JMH parameters and the tests. */
package io.linestore.bench.config;
