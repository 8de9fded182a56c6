/** The service interface an implementation of linestore provides. */
package io.linestore.spi;
