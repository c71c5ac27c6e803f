## The games' components by their ids in the game data (games/*/data): what every area shows
## of them, in text and in images.

## Keer op Keer Kids: the animals (their letter marks their enclosures: E3 is an elephant's),
## the visitors above the columns, the dice colours.

animal-penguin = penguin
animal-elephant = elephant
animal-crocodile = crocodile
animal-lion = lion
animal-monkey = monkey
animal-penguin-letter = P
animal-elephant-letter = E
animal-crocodile-letter = C
animal-lion-letter = L
animal-monkey-letter = M
animal-penguin-food = penguin food
animal-elephant-food = elephant food
animal-crocodile-food = crocodile food
animal-lion-food = lion food
animal-monkey-food = monkey food
visitor-1 = zookeeper with a wheelbarrow
visitor-2 = girl with a balloon
visitor-3 = photographer
visitor-4 = ice-cream seller
visitor-5 = grandpa with a cane
visitor-6 = school class
visitor-7 = vet
visitor-8 = boy with binoculars
visitor-9 = mum with a pram
visitor-10 = painter
visitor-11 = twins
visitor-12 = keeper with a fish bucket
visitor-13 = tourist with a map
colour-blue = blue
colour-red = red
colour-green = green
colour-yellow = yellow
colour-orange = orange
colour-purple = purple

## Kero: resources (with a count), clans, card colours, territories, ability tiles, Tuareks.

resource-brick = { $count ->
    [one] { $count } brick
   *[other] { $count } bricks
}
resource-wheat = { $count } wheat
resource-metal = { $count } metal
resource-recruit = { $count ->
    [one] { $count } recruit
   *[other] { $count } recruits
}
resource-jerrycan = { $count ->
    [one] { $count } jerrycan
   *[other] { $count } jerrycans
}
resource-nothing = nothing
clan-0 = Brown clan
clan-1 = Grey clan
card-colour-green = green
card-colour-yellow = yellow
card-colour-red = red
card-colour-blue = blue
territory-t1 = Oasis
territory-t2 = Canyon
territory-t3 = Oil field
territory-t4 = Ruins
territory-t5 = Salt flats
territory-t6 = Dunes
territory-t7 = Scrap plain
territory-t8 = Crossroads
territory-t9 = Plateau
territory-t10 = Lake
territory-t11 = Mesa
territory-t12 = Badlands
ability-a1 = Green die
ability-a2 = Brickworks
ability-a3 = Forge
ability-a4 = Tuarek friends
ability-a5 = Tie breaker
ability-a6 = Yellow die
ability-a7 = Granary
ability-a8 = Blue die
ability-a9 = Firebreak
ability-a10 = Second chance
tuarek-dust-storm = Dust Storm
tuarek-guide = Guide
tuarek-trader = Trader
tuarek-scout = Scout
tuarek-water-carrier = Water-carrier
tuarek-fire-eater = Fire-eater
tuarek-smith = Smith
