/** JMH benchmarks of linestore, its naive baselines and its peers. */
package io.linestore.bench;
