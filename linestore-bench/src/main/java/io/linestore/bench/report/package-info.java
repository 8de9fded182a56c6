/** Reports made from JMH JSON results: CSV, Markdown figures and PNG charts. */
package io.linestore.bench.report;
