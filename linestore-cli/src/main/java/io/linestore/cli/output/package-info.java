/** Writing lines to standard output as raw bytes, and noticing when its reader has gone. */
package io.linestore.cli.output;
