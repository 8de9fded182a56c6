/** Plans of JMH runs and running them through JMH's Runner API. */
package io.linestore.bench.run;
