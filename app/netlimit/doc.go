// Package netlimit guards a server's network edge against clients that
// hold on to more than their share: a net.Listener that caps the open
// connections in total and per address when it accepts them, the key
// that per-address limits count under (an IPv6 client by its /64, since
// one host is routinely handed a whole /64), a log of refusals that stays
// a few lines long under a connection storm, and the process's limit on
// open descriptors raised so that the cap, not the kernel, says no first.
package netlimit
