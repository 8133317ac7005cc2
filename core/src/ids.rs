//! Typed indices of a game's seats, piece types and extra actions, as [`NodeId`](crate::NodeId) is
//! for nodes: a seat cannot be passed where a piece type is meant, and the fields of a [`Move`](crate::Move)
//! that may hold nothing are `Option`s that cost no more than the bytes they replace.

use std::fmt;
use std::num::NonZeroU8;

/// A seat: an index into [`Game::seats`](crate::Game::seats), in turn order.
///
/// ```
/// use qipan::core::SeatId;
///
/// let game = qipan::load("xiangqi", &[])?;
/// let black = game.seat("black").unwrap();
/// assert_eq!(black, SeatId(1));
/// assert_eq!(game.seats[black.idx()].name, "black");
/// assert_eq!(game.start().to_move(), SeatId(0)); // red moves first
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct SeatId(pub u8);

/// Seat ids index the per-seat arrays of a game and of a position.
///
/// ```
/// use qipan::core::SeatId;
///
/// assert_eq!(SeatId(2).idx(), 2);
/// assert_eq!(SeatId::from_index(3), Some(SeatId(3)));
/// assert_eq!(SeatId::from_index(256), None);
/// ```
impl SeatId {
    /// The seat's index into per-seat arrays.
    #[inline]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }

    /// The seat with this index, if it fits.
    pub fn from_index(index: usize) -> Option<SeatId> {
        u8::try_from(index).ok().map(SeatId)
    }
}

impl fmt::Display for SeatId {
    /// The seat's index, as the text formats (FEN's side to move aside) and hooks number seats.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Declares an index type that has a spare value, so `Option<Self>` is as small as `Self`: the
/// index `i` is stored as `i + 1`, which keeps the order of the indices and makes 254 the largest.
macro_rules! compact_index {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(NonZeroU8);

        #[doc = concat!("Building, reading and storing a `", stringify!($name), "`.")]
        ///
        /// ```
        #[doc = concat!("use qipan::core::", stringify!($name), ";")]
        ///
        #[doc = concat!("let id = ", stringify!($name), "::new(3);")]
        /// assert_eq!((id.idx(), id.index()), (3, 3));
        #[doc = concat!("assert_eq!(", stringify!($name), "::from_index(254), Some(", stringify!($name), "::new(254)));")]
        #[doc = concat!("assert_eq!(", stringify!($name), "::from_index(255), None);")]
        #[doc = concat!("assert_eq!(std::mem::size_of::<Option<", stringify!($name), ">>(), 1);")]
        #[doc = concat!("assert!(", stringify!($name), "::new(0) < ", stringify!($name), "::new(1));")]
        #[doc = concat!("assert_eq!(format!(\"{:?}\", ", stringify!($name), "::new(2)), \"", stringify!($name), "(2)\");")]
        /// ```
        impl $name {
            /// The largest index there can be.
            pub const MAX: u8 = u8::MAX - 1;

            /// The id of index `index`.
            ///
            /// # Panics
            ///
            /// If `index` is 255: definitions are refused well before they have so many.
            #[inline]
            pub const fn new(index: u8) -> $name {
                match NonZeroU8::new(index.wrapping_add(1)) {
                    Some(n) => $name(n),
                    None => panic!(concat!(stringify!($name), " index out of range")),
                }
            }

            /// The id of index `index`, if it fits.
            pub fn from_index(index: usize) -> Option<$name> {
                u8::try_from(index).ok().filter(|&i| i <= Self::MAX).map($name::new)
            }

            /// The index, as a `u8`.
            #[inline]
            pub const fn index(self) -> u8 {
                self.0.get() - 1
            }

            /// The index into per-item arrays.
            #[inline]
            pub const fn idx(self) -> usize {
                self.index() as usize
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self.index())
            }
        }

        impl fmt::Display for $name {
            /// The index.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.index().fmt(f)
            }
        }

        const _: () = assert!(std::mem::size_of::<Option<$name>>() == 1);
    };
}

compact_index!(
    /// A piece type: an index into [`Game::pieces`](crate::Game::pieces).
    ///
    /// ```
    /// use qipan::core::PieceId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let queen = game.piece("queen").unwrap();
    /// assert_eq!(queen, PieceId::new(1));
    /// assert_eq!(game.pieces[queen.idx()].name, "queen");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    PieceId
);

compact_index!(
    /// An extra action: an index into [`Game::extras`](crate::Game::extras), taken alongside a
    /// move ([`Move::extra`](crate::Move::extra)).
    ///
    /// ```
    /// use qipan::core::ExtraId;
    ///
    /// let game = qipan::load("go", &[])?;
    /// assert!(game.extras.is_empty());
    /// assert_eq!(ExtraId::new(0).idx(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ExtraId
);
